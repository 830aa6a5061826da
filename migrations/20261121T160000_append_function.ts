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
      -- The events, in order, as one JSON array of {s: stream, v: version, t: type, sv: schema version,
      -- d: data, m: metadata, i: id}: built by joining the JSON texts the appender has already made,
      -- where arrays of jsonb would escape each text once more on the way.
      events jsonb
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
        SELECT event.s, event.v, event.t, event.sv, event.d, event.m, event.i
          FROM jsonb_to_recordset(events) AS event(s text, v bigint, t text, sv integer, d jsonb, m jsonb, i uuid)
        RETURNING session_events.global_position
      )
      -- Rows are inserted in the order of the array, so positions sorted are positions in event order.
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
