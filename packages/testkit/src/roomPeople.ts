// People in a test room: a participation with a role and a room, and a signed-in token for it, made
// through the same sign-in call as in production (an invitation link).
import type { EventRole } from '@lablive/domain';
import type { Db } from '@lablive/server/testing';
import { issueInvitationToken } from '@lablive/server/testing';
import type { FastifyInstance } from 'fastify';

export type RoomPerson = { participantId: number; token: string; email: string; role: EventRole };

type Participation = { labId: number; eventId: number; roomId: number; role: EventRole; email: string };

/**
 * A participant of the event placed in the room, and the single-use sign-in link of its invitation (the
 * token of `/?invitation=`, which a browser test opens as the guest would from their mail).
 */
export async function invitedParticipation(
  db: Db,
  options: Participation & { name?: string },
): Promise<{ participantId: number; link: string }> {
  const participant = await db
    .insertInto('participants')
    .values({
      event_id: options.eventId,
      lab_id: options.labId,
      email: options.email,
      name: options.name ?? options.email.split('@')[0] ?? options.email,
      role: options.role,
      room_id: options.roomId,
      user_id: null,
      job: null,
      location: null,
      timezone: null,
      google_refresh_token: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitation = await db
    .insertInto('event_invitations')
    .values({
      event_id: options.eventId,
      participant_id: participant.id,
      room_id: options.roomId,
      role: options.role,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    participantId: participant.id,
    link: await issueInvitationToken(db, invitation.id, 3600, new Date()),
  };
}

export async function enterRoomAs(db: Db, app: FastifyInstance, options: Participation): Promise<RoomPerson> {
  const { participantId, link } = await invitedParticipation(db, options);
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { invitation: link } });
  if (response.statusCode !== 200) throw new Error(`invitation sign-in failed: ${response.body}`);
  const token: unknown = response.json().token;
  if (typeof token !== 'string') throw new Error('no token in the sign-in answer');
  return { participantId, token, email: options.email, role: options.role };
}

/**
 * A participation with a role in a room, signed in over HTTP through its invitation link against a
 * running server (a server process, not an injected app); returns the access token.
 */
export async function signInInvited(
  db: Db,
  serverUrl: string,
  options: Participation & { name: string },
): Promise<RoomPerson> {
  const { participantId, link } = await invitedParticipation(db, options);
  const response = await fetch(`${serverUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invitation: link }),
  });
  if (response.status !== 200) throw new Error(`invitation sign-in failed: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { participantId, token, email: options.email, role: options.role };
}
