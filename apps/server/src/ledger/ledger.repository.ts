// The ledger's tables: leaves written once per log entry, signed checkpoints, and where the ledger has
// read each source up to. Nothing here updates or deletes a leaf or a checkpoint (the tables refuse it).
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { LedgerCheckpointsTable, LedgerCursorsTable } from '../db/schema.ts';
import type { LogPosition } from '../event-store/types.ts';

export type NewLeaf = { log: string; seq: number; leafHash: Buffer; auditEntryId: number | null };

export async function readCursor(db: Db, source: LedgerCursorsTable['source']): Promise<LogPosition | null> {
  const row = await db
    .selectFrom('ledger_cursors')
    .select(['transaction_id', 'position'])
    .where('source', '=', source)
    .executeTakeFirst();
  return row ? { transactionId: row.transaction_id, globalPosition: row.position } : null;
}

export async function saveCursor(
  db: Db,
  source: LedgerCursorsTable['source'],
  at: LogPosition,
): Promise<void> {
  await db
    .insertInto('ledger_cursors')
    .values({ source, transaction_id: at.transactionId, position: at.globalPosition })
    .onConflict((conflict) =>
      conflict
        .column('source')
        .doUpdateSet({ transaction_id: at.transactionId, position: at.globalPosition }),
    )
    .execute();
}

export async function insertLeaves(db: Db, leaves: readonly NewLeaf[]): Promise<void> {
  if (leaves.length === 0) return;
  // One statement of four arrays: a page of 2,000 leaves as 8,000 parameters would cost more to parse
  // and plan than to insert.
  await sql`
    INSERT INTO ledger_leaves (log, seq, leaf_hash, audit_entry_id)
    SELECT * FROM unnest(
      ${leaves.map((leaf) => leaf.log)}::text[],
      ${leaves.map((leaf) => leaf.seq)}::bigint[],
      ${leaves.map((leaf) => leaf.leafHash)}::bytea[],
      ${leaves.map((leaf) => leaf.auditEntryId)}::bigint[]
    )`.execute(db);
}

/** How many leaves each of `logs` has (0 for one with none). */
export async function logSizes(db: Db, logs: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map(logs.map((log) => [log, 0]));
  if (logs.length === 0) return sizes;
  const rows = await db
    .selectFrom('ledger_leaves')
    .select(['log', (eb) => eb.fn.max('seq').as('size')])
    .where('log', 'in', logs)
    .groupBy('log')
    .execute();
  for (const row of rows) sizes.set(row.log, Number(row.size));
  return sizes;
}

/** A log's leaf hashes, 1..size, in order. */
export async function leafHashes(db: Db, log: string, size: number): Promise<Buffer[]> {
  const rows = await db
    .selectFrom('ledger_leaves')
    .select('leaf_hash')
    .where('log', '=', log)
    .where('seq', '<=', size)
    .orderBy('seq')
    .execute();
  return rows.map((row) => row.leaf_hash);
}

export async function insertCheckpoint(
  db: Db,
  checkpoint: Pick<LedgerCheckpointsTable, 'log' | 'size' | 'root' | 'note' | 'cause'>,
): Promise<void> {
  await db
    .insertInto('ledger_checkpoints')
    .values(checkpoint)
    .onConflict((conflict) => conflict.columns(['log', 'size']).doNothing())
    .execute();
}

/** A log's checkpoint of the largest tree. */
export function latestCheckpoint(db: Db, log: string) {
  return db
    .selectFrom('ledger_checkpoints')
    .selectAll()
    .where('log', '=', log)
    .orderBy('size', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The logs to sign today: grown since their last checkpoint, which is older than `since` (or none).
 * Scans the leaves' index once; the ledger asks it once an hour.
 */
export async function logsDueDaily(db: Db, since: Date): Promise<Array<{ log: string; size: number }>> {
  const rows = await db
    .selectFrom('ledger_leaves as l')
    .select(['l.log', (eb) => eb.fn.max('l.seq').as('size')])
    .groupBy('l.log')
    .having(
      (eb) => eb.fn.max('l.seq'),
      '>',
      sql<number>`coalesce((SELECT max(c.size) FROM ledger_checkpoints c WHERE c.log = l.log), 0)`,
    )
    .having(
      sql<Date>`coalesce((SELECT max(c.created_at) FROM ledger_checkpoints c WHERE c.log = l.log), '-infinity')`,
      '<',
      since,
    )
    .execute();
  return rows.map((row) => ({ log: row.log, size: Number(row.size) }));
}

/** Audit entries committed for good after `after` (below the snapshot's xmin), in that order. */
export function auditEntriesAfter(db: Db, after: LogPosition | null, limit: number) {
  let query = db
    .selectFrom('audit_entries')
    .selectAll()
    .where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
    .orderBy('transaction_id')
    .orderBy('id')
    .limit(limit);
  if (after !== null) {
    query = query.where(
      sql<boolean>`(transaction_id, id) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)`,
    );
  }
  return query.execute();
}

/** Audit entries by id, in the order given. */
export async function auditEntriesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('audit_entries').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id));
}

/** A log's leaves with the audit entries they hash, 1..size. */
export function auditLeaves(db: Db, log: string, size: number) {
  return db
    .selectFrom('ledger_leaves')
    .select(['seq', 'leaf_hash', 'audit_entry_id'])
    .where('log', '=', log)
    .where('seq', '<=', size)
    .orderBy('seq')
    .execute();
}
