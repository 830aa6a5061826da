// Invitation tokens: the personal link of an event invitation, single-use and expiring.
import type { Db } from '../db/connection.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaqueTokens.ts';

/** Gives an invitation a new link token (replacing any earlier one) and returns the token to mail. */
export async function issueInvitationToken(
  db: Db,
  invitationId: number,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await db
    .updateTable('event_invitations')
    .set({
      token_hash: hash,
      token_expires_at: new Date(now.getTime() + ttlSeconds * 1000),
      token_used_at: null,
    })
    .where('id', '=', invitationId)
    .execute();
  return token;
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
  const row = await db
    .updateTable('event_invitations')
    .set({ token_used_at: now })
    .where('token_hash', '=', hashOpaqueToken(token))
    .where('token_used_at', 'is', null)
    .where('token_expires_at', '>', now)
    .returning(['participant_id', 'event_id', 'room_id', 'role'])
    .executeTakeFirst();
  return (
    row && { participantId: row.participant_id, eventId: row.event_id, roomId: row.room_id, role: row.role }
  );
}
