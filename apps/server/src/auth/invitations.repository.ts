// Invitation tokens: the personal links of an event invitation (`invitation_links`), each single-use
// and expiring on its own, so a new link (a reminder's) leaves the earlier ones (the invitation's) alive.
// A closed event's links sign in no more.
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

/**
 * Uses the token up; of two concurrent uses only one succeeds. A closed event's links are not used up:
 * they no longer sign in (`findLinkHolder` tells why).
 */
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
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event_invitations')
          .innerJoin('events', 'events.id', 'event_invitations.event_id')
          .select('events.id')
          .whereRef('event_invitations.id', '=', 'invitation_links.invitation_id')
          .where('events.end_date', 'is', null),
      ),
    )
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

/** Whose link a token is, used, expired or not; and whether its event is closed. */
export type LinkHolder = { participantId: number; eventId: number; labId: number; eventClosed: boolean };

/**
 * The participation a link token was issued for, whatever became of the token: a used or expired link
 * still names its guest, so they can be let back in (their session) or sent a fresh one. Undefined for
 * a token never issued.
 */
export async function findLinkHolder(db: Db, token: string): Promise<LinkHolder | undefined> {
  const row = await db
    .selectFrom('invitation_links')
    .innerJoin('event_invitations', 'event_invitations.id', 'invitation_links.invitation_id')
    .innerJoin('events', 'events.id', 'event_invitations.event_id')
    .select([
      'event_invitations.participant_id',
      'event_invitations.event_id',
      'events.end_date',
      'events.lab_id',
    ])
    .where('invitation_links.token_hash', '=', hashOpaqueToken(token))
    .executeTakeFirst();
  return (
    row && {
      participantId: row.participant_id,
      eventId: row.event_id,
      labId: row.lab_id,
      eventClosed: row.end_date !== null,
    }
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
