// A room full of signed-in participants on a cluster's database, for measurements that run outside the
// test runner (scripts/measure-failover.ts): rows written as the application writes them, sign-in through
// an instance's real /api/login with an invitation link, as a guest does.
import { z } from 'zod';
import { issueInvitationToken } from '../auth/invitations.repository.ts';
import type { Db } from '../db/connection.ts';

export type MeasureEvent = { labId: number; eventId: number };

export async function createMeasureEvent(db: Db, name: string): Promise<MeasureEvent> {
  const lab = await db
    .insertInto('labs')
    .values({
      name,
      logo_url: null,
      header_image_url: null,
      waiting_room_image_url: null,
      primary_color: '#112233',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('events')
    .values({
      lab_id: lab.id,
      owner_id: null,
      name,
      slug: `${name}-${lab.id}`,
      is_public: false,
      active: true,
      planned_start_date: new Date(),
      planned_end_date: new Date(Date.now() + 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { labId: lab.id, eventId: event.id };
}

const loginAnswer = z.object({ token: z.string() });

/** A new room of the event with `count` participants; their access tokens, signed in through `apiUrl`. */
export async function createMeasureRoom(
  db: Db,
  event: MeasureEvent,
  count: number,
  apiUrl: string,
): Promise<{ roomId: number; tokens: string[] }> {
  const room = await db
    .insertInto('rooms')
    .values({ event_id: event.eventId, lab_id: event.labId, opentok_session_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tokens: string[] = [];
  for (let index = 0; index < count; index++) {
    const participant = await db
      .insertInto('participants')
      .values({
        event_id: event.eventId,
        lab_id: event.labId,
        email: `p${index}-room${room.id}@measure.test`,
        name: `P${index}`,
        role: 'participant',
        room_id: room.id,
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
        event_id: event.eventId,
        participant_id: participant.id,
        room_id: room.id,
        role: 'participant',
        token_hash: null,
        token_expires_at: null,
        token_used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await issueInvitationToken(db, invitation.id, 3600, new Date());
    const response = await fetch(`${apiUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invitation: link }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    tokens.push(loginAnswer.parse(await response.json()).token);
  }
  return { roomId: room.id, tokens };
}
