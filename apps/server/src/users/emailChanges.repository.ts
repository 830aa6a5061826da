// Pending changes of a back-office account's sign-in address (issue 26): one per account, its link's
// token stored as SHA-256 only. Taking one uses it up.
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaqueTokens.ts';
import type { Db } from '../db/connection.ts';

/** Records (or replaces) the account's pending change; answers the token its link carries. */
export async function savePendingEmailChange(
  db: Db,
  change: { userId: number; newEmail: string; requestedBy: number; now: Date; ttlSeconds: number },
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  const values = {
    new_email: change.newEmail,
    token_hash: hash,
    requested_by: change.requestedBy,
    requested_at: change.now,
    expires_at: new Date(change.now.getTime() + change.ttlSeconds * 1000),
  };
  await db
    .insertInto('email_changes')
    .values({ user_id: change.userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
  return token;
}

/** The pending change the token names, removed; undefined when unknown, replaced or expired. */
export async function takePendingEmailChange(
  db: Db,
  token: string,
  now: Date,
): Promise<{ userId: number; newEmail: string } | undefined> {
  const row = await db
    .deleteFrom('email_changes')
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('expires_at', '>', now)
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row && { userId: row.user_id, newEmail: row.new_email };
}

/** Withdraws the account's pending change (the address was set back to the current one). */
export async function dropPendingEmailChange(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}

/** Sets the account's sign-in address: only once its owner followed the link mailed to it. */
export async function setUserEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}
