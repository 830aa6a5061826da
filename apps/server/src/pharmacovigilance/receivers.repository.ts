// The lab's receivers of pharmacovigilance reports: the addresses every filed report is mailed to. Every
// function reads and writes within one lab; another lab's receiver is as absent as an unknown one.
// Addresses are compared trimmed and lower-cased: older rows may have been written otherwise.
import type { PharmacovigilanceReceiver } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

const COLUMNS = ['id', 'email', 'active', 'lab_id'] as const;

/** How an address is stored and compared. */
export const receiverAddress = (email: string) => email.trim().toLowerCase();

const storedAddress = sql<string>`lower(btrim(email))`;

/**
 * Holds the lab's receivers for the rest of the transaction `trx`: two requests adding the same address
 * at once must not both find it missing. Only changes to receivers wait on it.
 */
export async function lockLabReceivers(trx: Db, labId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('pharmacovigilance_receivers'), ${labId}::int)`.execute(
    trx,
  );
}

export async function listReceivers(db: Db, labId: number): Promise<PharmacovigilanceReceiver[]> {
  return db
    .selectFrom('pharmacovigilance_receivers')
    .select(COLUMNS)
    .where('lab_id', '=', labId)
    .orderBy('id')
    .execute();
}

/** The lab's receivers with these addresses (as `receiverAddress` writes them). */
export async function findReceiversByAddress(
  db: Db,
  labId: number,
  addresses: readonly string[],
): Promise<PharmacovigilanceReceiver[]> {
  if (addresses.length === 0) return [];
  return db
    .selectFrom('pharmacovigilance_receivers')
    .select(COLUMNS)
    .where('lab_id', '=', labId)
    .where(storedAddress, 'in', addresses)
    .orderBy('id')
    .execute();
}

export async function insertReceivers(
  db: Db,
  labId: number,
  receivers: readonly { email: string; active: boolean }[],
): Promise<PharmacovigilanceReceiver[]> {
  if (receivers.length === 0) return [];
  return db
    .insertInto('pharmacovigilance_receivers')
    .values(receivers.map(({ email, active }) => ({ lab_id: labId, email, active })))
    .returning(COLUMNS)
    .execute();
}

export async function updateReceiver(
  db: Db,
  labId: number,
  id: number,
  changes: { email?: string | undefined; active?: boolean | undefined },
): Promise<PharmacovigilanceReceiver | undefined> {
  return db
    .updateTable('pharmacovigilance_receivers')
    .set({
      ...(changes.email === undefined ? {} : { email: changes.email }),
      ...(changes.active === undefined ? {} : { active: changes.active }),
    })
    .where('lab_id', '=', labId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Removes those of `ids` that are the lab's; answers how many that was. */
export async function deleteReceivers(db: Db, labId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('pharmacovigilance_receivers')
    .where('lab_id', '=', labId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Where a newly filed report is mailed: the lab's active addresses, each once. */
export async function listActiveReceivers(db: Db, labId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pharmacovigilance_receivers')
    .select('email')
    .where('lab_id', '=', labId)
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  return [...new Set(rows.map((row) => receiverAddress(row.email)))];
}
