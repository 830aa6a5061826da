// One round trip for a group commit: append_session_events locks the streams, checks their versions,
// inserts the events and records the new versions in one call, which autocommits. The appender's other
// path (a transaction of several statements, apps/server/src/event-store/append.ts) stays for retries,
// conflicts and callers that append inside their own transaction.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION append_session_events(
      -- The streams, each once, in the order every appender locks them; the version each must be at
      -- and the version it is at after this append.
      stream_ids text[],
      expected_versions bigint[],
      next_versions bigint[],
      -- The events, in order: their stream, version, type, schema version, data, metadata and id.
      event_streams text[],
      event_versions bigint[],
      event_types text[],
      event_schema_versions integer[],
      event_data jsonb[],
      event_metadata jsonb[],
      event_ids uuid[]
    ) RETURNS TABLE (transaction_id xid8, occurred_at timestamptz, global_positions bigint[])
    LANGUAGE plpgsql AS $fn$
    DECLARE
      mismatch record;
    BEGIN
      -- INSERT ... ON CONFLICT DO UPDATE locks existing rows and creates missing ones in one statement,
      -- as lockStreams does (streamVersions.ts explains why); under READ COMMITTED a waiter reads the
      -- version its predecessor committed.
      WITH locked AS (
        INSERT INTO session_streams AS stream (stream_id, version)
        SELECT given.stream_id, 0 FROM unnest(stream_ids) WITH ORDINALITY AS given(stream_id, n) ORDER BY given.n
        ON CONFLICT (stream_id) DO UPDATE SET version = stream.version
        RETURNING stream.stream_id, stream.version
      )
      SELECT locked.stream_id, locked.version AS actual, expected.version AS expected INTO mismatch
        FROM locked JOIN unnest(stream_ids, expected_versions) AS expected(stream_id, version)
          ON expected.stream_id = locked.stream_id
       WHERE locked.version <> expected.version
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'wrong expected version'
          USING ERRCODE = 'LLV01',
                DETAIL = json_build_object('streamId', mismatch.stream_id, 'expected', mismatch.expected,
                                           'actual', mismatch.actual)::text;
      END IF;

      RETURN QUERY
      WITH inserted AS (
        INSERT INTO session_events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
        SELECT * FROM unnest(event_streams, event_versions, event_types, event_schema_versions, event_data,
                             event_metadata, event_ids)
        RETURNING session_events.global_position
      )
      -- Rows are inserted in the order of the arrays, so positions sorted are positions in event order.
      SELECT pg_current_xact_id(), now(), array_agg(inserted.global_position ORDER BY inserted.global_position)
        FROM inserted;

      UPDATE session_streams AS stream SET version = next.version, updated_at = now()
        FROM unnest(stream_ids, next_versions) AS next(stream_id, version)
       WHERE stream.stream_id = next.stream_id;
    END
    $fn$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION append_session_events;`.execute(db);
}
