// Invitation tokens: the personal links of an event invitation (`invitation_links`), each single-use
// and expiring on its own, so a new link (a reminder's) leaves the earlier ones (the invitation's) alive.
import type { Db } from '../db/connection.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaqueTokens.ts';

/** Gives an invitation a new link token (the earlier ones stay valid) and returns the token to mail. */
export async function issueInvitationToken(
  db: Db,
  invitationId: number,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const [token] = await issueInvitationTokens(db, [invitationId], ttlSeconds, now);
  return token as string;
}

/** One new link token for each invitation, in one statement (a batch of reminders); in the same order. */
export async function issueInvitationTokens(
  db: Db,
  invitationIds: readonly number[],
  ttlSeconds: number,
  now: Date,
): Promise<string[]> {
  if (invitationIds.length === 0) return [];
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  const issued = invitationIds.map((invitationId) => ({ invitationId, ...newOpaqueToken() }));
  await db
    .insertInto('invitation_links')
    .values(
      issued.map(({ invitationId, hash }) => ({
        invitation_id: invitationId,
        token_hash: hash,
        expires_at: expiresAt,
      })),
    )
    .execute();
  return issued.map(({ token }) => token);
}

export type RedeemedInvitation = {
  participantId: number;
  eventId: number;
  roomId: number | null;
  role: string;
};

/** Uses the token up; of two concurrent uses only one succeeds. */
export async function redeemInvitationToken(
  db: Db,
  token: string,
  now: Date,
): Promise<RedeemedInvitation | undefined> {
  const link = await db
    .updateTable('invitation_links')
    .set({ used_at: now })
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('invitation_id')
    .executeTakeFirst();
  const row =
    link &&
    (await db
      .selectFrom('event_invitations')
      .select(['participant_id', 'event_id', 'room_id', 'role'])
      .where('id', '=', link.invitation_id)
      .executeTakeFirst());
  return (
    row && { participantId: row.participant_id, eventId: row.event_id, roomId: row.room_id, role: row.role }
  );
}

/** The guest's latest invitation, to issue a personal link on; undefined when never invited. */
export async function latestInvitationId(db: Db, participantId: number): Promise<number | undefined> {
  return (await latestInvitationIds(db, [participantId])).get(participantId);
}

/** Each guest's latest invitation, by guest id, in one statement; guests never invited are absent. */
export async function latestInvitationIds(
  db: Db,
  participantIds: readonly number[],
): Promise<Map<number, number>> {
  if (participantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_invitations')
    .distinctOn('participant_id')
    .select(['participant_id', 'id'])
    .where('participant_id', 'in', participantIds)
    .orderBy('participant_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.participant_id, row.id]));
}
