// Where each projection stands in the log: the position of the last event it applied. Saved in the same
// transaction as the projection's rows, so a crash never applies an event twice or loses one.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { LogPosition } from './types.ts';

export async function readCheckpoint(db: Db, projection: string): Promise<LogPosition | null> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select(['transaction_id', 'global_position'])
    .where('projection', '=', projection)
    .executeTakeFirst();
  if (row === undefined) return null;
  return { transactionId: String(row.transaction_id), globalPosition: Number(row.global_position) };
}

export async function saveCheckpoint(db: Db, projection: string, position: LogPosition): Promise<void> {
  // Raw SQL: schema.ts types updated_at as never updatable, but it records the last save.
  await sql`
    INSERT INTO projection_checkpoints (projection, transaction_id, global_position)
    VALUES (${projection}, ${position.transactionId}::xid8, ${position.globalPosition})
    ON CONFLICT (projection) DO UPDATE
    SET transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()
  `.execute(db);
}

/** Forgets the checkpoint, so the projection is rebuilt from the beginning of the log. */
export async function resetCheckpoint(db: Db, projection: string): Promise<void> {
  await db.deleteFrom('projection_checkpoints').where('projection', '=', projection).execute();
}
