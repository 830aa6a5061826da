// The days no event may be planned on (deployments of the platform), as `YYYY-MM-DD`.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

const asDay = sql<string>`to_char(date, 'YYYY-MM-DD')`;

export async function listBlockedDays(db: Db) {
  return db
    .selectFrom('deployment_schedulers')
    .select(['id', asDay.as('date')])
    .orderBy('date')
    .execute();
}

export async function isBlockedDay(db: Db, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('deployment_schedulers')
    .select('id')
    .where('date', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

/** Blocks a day; blocking it twice keeps one entry. */
export async function blockDay(db: Db, day: string) {
  await db
    .insertInto('deployment_schedulers')
    .values({ date: day })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db
    .selectFrom('deployment_schedulers')
    .select(['id', asDay.as('date')])
    .where('date', '=', day)
    .executeTakeFirstOrThrow();
}

export async function unblockDay(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('deployment_schedulers').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
