// Sign-in sessions as families of rotating refresh tokens. Each refresh replaces the token; presenting
// a token that was already used means it leaked, and the whole family is revoked.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { AccessTokenSubject } from './accessTokens.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaqueTokens.ts';

export type IssuedSession = { familyId: string; refreshToken: string };

function subjectColumns(subject: AccessTokenSubject) {
  return subject.kind === 'user'
    ? { user_id: subject.userId, participant_id: null }
    : { user_id: null, participant_id: subject.participantId };
}

export async function startSession(
  db: Db,
  subject: AccessTokenSubject,
  ttlSeconds: number,
  now: Date,
): Promise<IssuedSession> {
  const familyId = randomUUID();
  const { token, hash } = newOpaqueToken();
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: hash,
      family_id: familyId,
      ...subjectColumns(subject),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000),
    })
    .execute();
  return { familyId, refreshToken: token };
}

export type RotateResult =
  | { ok: true; subject: AccessTokenSubject; session: IssuedSession }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export async function rotateSession(
  db: Db,
  refreshToken: string,
  ttlSeconds: number,
  now: Date,
): Promise<RotateResult> {
  return db.transaction().execute(async (trx) => {
    // Marking the token used in the same statement that reads it: of two concurrent refreshes with one
    // token, exactly one wins.
    const used = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashOpaqueToken(refreshToken))
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning(['family_id', 'user_id', 'participant_id', 'expires_at'])
      .executeTakeFirst();
    if (!used) {
      const known = await trx
        .selectFrom('refresh_tokens')
        .select(['family_id', 'revoked_at'])
        .where('token_hash', '=', hashOpaqueToken(refreshToken))
        .executeTakeFirst();
      if (!known) return { ok: false, reason: 'unknown' } as const;
      if (known.revoked_at !== null) return { ok: false, reason: 'revoked' } as const;
      await revokeFamily(trx, known.family_id, now);
      return { ok: false, reason: 'reused' } as const;
    }
    if (used.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' } as const;
    const subject: AccessTokenSubject =
      used.user_id !== null
        ? { kind: 'user', userId: used.user_id }
        : { kind: 'guest', participantId: used.participant_id ?? 0 };
    const { token, hash } = newOpaqueToken();
    await trx
      .insertInto('refresh_tokens')
      .values({
        token_hash: hash,
        family_id: used.family_id,
        ...subjectColumns(subject),
        expires_at: new Date(now.getTime() + ttlSeconds * 1000),
      })
      .execute();
    return { ok: true, subject, session: { familyId: used.family_id, refreshToken: token } } as const;
  });
}

/** Revoking the refresh tokens not revoked yet; the caller says whose. */
const revokeOpen = (db: Db, now: Date) =>
  db.updateTable('refresh_tokens').set({ revoked_at: now }).where('revoked_at', 'is', null);

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await revokeOpen(db, now).where('family_id', '=', familyId).execute();
}

export async function revokeAllSessionsOfUser(db: Db, userId: number, now: Date): Promise<void> {
  await revokeSessionsOfUsers(db, [userId], now);
}

/** Every session of these users ends (deactivated, or a new password). */
export async function revokeSessionsOfUsers(db: Db, userIds: readonly number[], now: Date): Promise<void> {
  await revokeOpen(db, now).where('user_id', 'in', userIds).execute();
}

/** An access token is honoured only while its session (refresh family) is neither revoked nor expired. */
export async function isSessionActive(db: Db, familyId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
