// Password reset tokens: mailed as a link, single-use, expiring.
import type { Db } from '../db/connection.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaqueTokens.ts';

export async function issuePasswordResetToken(db: Db, userId: number, ttlSeconds: number, now: Date) {
  const { token, hash } = newOpaqueToken();
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: hash, user_id: userId, expires_at: new Date(now.getTime() + ttlSeconds * 1000) })
    .execute();
  return token;
}

/** Uses the token up and returns its user, or undefined when unknown, used or expired. */
export async function redeemPasswordResetToken(
  db: Db,
  token: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
