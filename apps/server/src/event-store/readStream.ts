// Reads one stream (one room) in stream_version order: how a room host rebuilds its state and how the
// gateway sends a reconnecting client what it missed.
import type { Db } from '../db/connection.ts';
import { OPENED_EVENT_COLUMNS, STORED_EVENT_COLUMNS, toStoredEvent } from './rows.ts';
import type { StoredSessionEvent } from './types.ts';
import { noUpcasters, type UpcasterRegistry } from './upcasters.ts';

export type ReadOptions = {
  upcasters?: UpcasterRegistry;
  /**
   * Personal fields as stored, sealed (the ledger hashes the stored bytes); opened by default, or
   * '[erased]' once their key is gone.
   */
  sealed?: boolean;
};

/** Events of the stream from `fromVersion` (inclusive), at most `limit` of them when given. */
export async function readStream(
  db: Db,
  streamId: string,
  fromVersion = 1,
  limit?: number,
  options: ReadOptions = {},
): Promise<StoredSessionEvent[]> {
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) {
    throw new TypeError(`limit ${limit} is not a positive integer`);
  }
  let query = db
    .selectFrom('session_events')
    .select(options.sealed ? STORED_EVENT_COLUMNS : OPENED_EVENT_COLUMNS)
    .where('stream_id', '=', streamId)
    .where('stream_version', '>=', fromVersion)
    .orderBy('stream_version');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  const upcasters = options.upcasters ?? noUpcasters;
  return rows.map((row) => upcasters.upcast(toStoredEvent(row)));
}
