// Reads the whole log in its global order, for projections and subscriptions, without ever skipping an
// event that a slower concurrent transaction commits late.
//
// global_position comes from a sequence, taken at INSERT: a transaction can take position 10, stay open,
// and commit after another one that took 11 committed. A reader that had moved past 11 would never see
// 10. So the order is (transaction_id, global_position), and a page only holds rows whose transaction id
// is below the xmin of the reading statement's snapshot: every transaction with a lower id has ended,
// and every transaction still to come gets a higher id, so the part of the log below xmin is final. The
// cursor only moves through that final part; nothing can appear behind it later (the approach Emmett
// uses). The price: one long write transaction anywhere on the server holds readers back until it ends.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ReadOptions } from './readStream.ts';
import { OPENED_EVENT_COLUMNS, STORED_EVENT_COLUMNS, toStoredEvent } from './rows.ts';
import type { LogPosition, StoredSessionEvent } from './types.ts';
import { noUpcasters } from './upcasters.ts';

export type ReadAllResult = {
  events: StoredSessionEvent[];
  /** Where the next read continues: the last event's position, or `after` when nothing was read. */
  position: LogPosition | null;
};

/** Orders positions as the log does; transaction ids are compared as the 64-bit numbers they are. */
export function compareLogPositions(a: LogPosition, b: LogPosition): number {
  const byTransaction = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (byTransaction !== 0n) return byTransaction < 0n ? -1 : 1;
  return a.globalPosition - b.globalPosition;
}

export function positionOf(event: StoredSessionEvent): LogPosition {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

export async function readAll(
  db: Db,
  after: LogPosition | null,
  limit: number,
  options: ReadOptions = {},
): Promise<ReadAllResult> {
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new TypeError(`limit ${limit} is not a positive integer`);
  let query = db
    .selectFrom('session_events')
    .select(options.sealed ? STORED_EVENT_COLUMNS : OPENED_EVENT_COLUMNS)
    // Evaluated with the statement's own snapshot, the one the rows are read with.
    .where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
    .orderBy('transaction_id')
    .orderBy('global_position')
    .limit(limit);
  if (after !== null) {
    if (!/^\d+$/.test(after.transactionId)) throw new TypeError(`${after.transactionId} is not an xid8`);
    // A row comparison, so the (transaction_id, global_position) index serves it.
    query = query.where(
      sql<boolean>`(transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)`,
    );
  }
  const rows = await query.execute();
  const upcasters = options.upcasters ?? noUpcasters;
  const events = rows.map((row) => upcasters.upcast(toStoredEvent(row)));
  const last = events.at(-1);
  return { events, position: last === undefined ? after : positionOf(last) };
}
