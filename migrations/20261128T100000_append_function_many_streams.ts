// append_session_events checked the streams' versions with LIMIT 1, so the planner, expecting a
// mismatch among the first rows, compared every locked stream with every expected one (a nested loop):
// nothing for the one or two streams of a room's append, 200 ms for the 1,000 streams of an instance's
// combined call (event-store/instanceCommits.ts). Without LIMIT the check is one hash join; plpgsql's
// SELECT INTO still keeps the first row. Everything else is as migration 20261121T160000 made it.
import { type Kysely, sql } from 'kysely';
import { up as createFirstVersion } from './20261121T160000_append_function.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION append_session_events(
      stream_ids text[],
      expected_versions bigint[],
      next_versions bigint[],
      events jsonb
    ) RETURNS TABLE (transaction_id xid8, occurred_at timestamptz, global_positions bigint[])
    LANGUAGE plpgsql AS $fn$
    DECLARE
      mismatch record;
    BEGIN
      WITH locked AS (
        INSERT INTO session_streams AS stream (stream_id, version)
        SELECT given.stream_id, 0 FROM unnest(stream_ids) WITH ORDINALITY AS given(stream_id, n) ORDER BY given.n
        ON CONFLICT (stream_id) DO UPDATE SET version = stream.version
        RETURNING stream.stream_id, stream.version
      )
      SELECT locked.stream_id, locked.version AS actual, expected.version AS expected INTO mismatch
        FROM locked JOIN unnest(stream_ids, expected_versions) AS expected(stream_id, version)
          ON expected.stream_id = locked.stream_id
       WHERE locked.version <> expected.version;
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
  await createFirstVersion(db);
}
