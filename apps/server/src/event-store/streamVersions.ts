// The session_streams rows: each stream's current version, and the lock that serialises its appenders
// until their transaction ends.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * Locks the streams' rows and returns their versions (0 for a stream that has no row yet).
 *
 * Why `INSERT ... ON CONFLICT DO UPDATE` rather than `SELECT ... FOR UPDATE`: one statement locks the
 * rows that exist and creates (and locks) the ones that do not, so a new stream needs no second round
 * trip and two creators of the same stream simply queue on it. Under READ COMMITTED a waiter gets the
 * version its predecessor committed. Rows are taken in one order shared by every appender (JavaScript
 * string order), so appenders of the same streams queue instead of deadlocking. The price is one more
 * row version per append, which HOT updates keep cheap. A failed append rolls a new row back.
 *
 * The log's global order agrees with each stream's order without anything more: an append to version v
 * can only pass its version check if its expected version was learned after the append that made v
 * committed, so before this transaction took its xid, which is then higher than that append's.
 */
export async function lockStreams(trx: Db, streamIds: readonly string[]): Promise<Map<string, number>> {
  const ordered = [...new Set(streamIds)].sort();
  if (ordered.length === 0) return new Map();
  const rows = await trx
    .insertInto('session_streams')
    .values(ordered.map((streamId) => ({ stream_id: streamId, version: 0 })))
    .onConflict((conflict) =>
      conflict.column('stream_id').doUpdateSet((eb) => ({ version: eb.ref('session_streams.version') })),
    )
    .returning(['stream_id', 'version'])
    .execute();
  return new Map(rows.map((row) => [row.stream_id, Number(row.version)]));
}

/** Records the versions the append reached, on rows lockStreams locked. */
export async function saveVersions(trx: Db, versions: ReadonlyMap<string, number>): Promise<void> {
  if (versions.size === 0) return;
  // Raw SQL: schema.ts types updated_at as never updatable, but it records the last append.
  await sql`
    UPDATE session_streams AS stream SET version = next.version, updated_at = now()
    FROM unnest(${[...versions.keys()]}::text[], ${[...versions.values()]}::bigint[]) AS next(stream_id, version)
    WHERE stream.stream_id = next.stream_id
  `.execute(trx);
}
