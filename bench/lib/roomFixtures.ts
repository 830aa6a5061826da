// The rows a benchmark needs, written in bulk through the application's tables: a lab, an event with its
// rooms, and participants placed in a room, each with an invitation link (the token the sign-in takes);
// and the access tokens of those participants, through the real sign-in call (POST /api/login).
import type { RoomActor } from '@lablive/domain';
import { type Db, newOpaqueToken } from '@lablive/server/tooling';
import { createEvent, createLab } from '@lablive/testkit/fixtures';

export type BenchEvent = { labId: number; eventId: number; roomIds: number[] };
export type BenchParticipant = { actor: RoomActor; roomId: number; invitation: string };

const CHUNK = 1000;

export async function createBenchEvent(db: Db, slug: string, rooms: number): Promise<BenchEvent> {
  const labId = await createLab(db, `Bench ${slug}`);
  const { eventId, roomIds } = await createEvent(db, { labId, slug, isPublic: false, rooms: 1 });
  for (let added = 1; added < rooms; added += CHUNK) {
    const count = Math.min(CHUNK, rooms - added);
    const rows = await db
      .insertInto('rooms')
      .values(
        Array.from({ length: count }, () => ({ event_id: eventId, lab_id: labId, opentok_session_id: null })),
      )
      .returning('id')
      .execute();
    roomIds.push(...rows.map((row) => row.id));
  }
  await db.updateTable('events').set({ active: true }).where('id', '=', eventId).execute();
  return { labId, eventId, roomIds };
}

/** `count` participants of role participant, the i-th placed in `roomOf(i)`, each with an unused invitation. */
export async function addParticipants(
  db: Db,
  event: BenchEvent,
  count: number,
  roomOf: (index: number) => number,
): Promise<BenchParticipant[]> {
  const people: BenchParticipant[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const indexes = Array.from({ length: Math.min(CHUNK, count - start) }, (_, i) => start + i);
    const rows = await db
      .insertInto('participants')
      .values(
        indexes.map((index) => ({
          event_id: event.eventId,
          lab_id: event.labId,
          email: `bench-${index}@lablive.test`,
          name: `Bench ${index}`,
          role: 'participant',
          room_id: roomOf(index),
          user_id: null,
          job: null,
          location: null,
          timezone: null,
          google_refresh_token: null,
        })),
      )
      .returning(['id', 'email', 'name', 'room_id'])
      .execute();
    const tokens = rows.map(() => newOpaqueToken());
    const invitations = await db
      .insertInto('event_invitations')
      .values(
        rows.map((row) => ({
          event_id: event.eventId,
          participant_id: row.id,
          room_id: row.room_id,
          role: 'participant',
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('invitation_links')
      .values(
        invitations.map((invitation, i) => ({
          invitation_id: invitation.id,
          token_hash: tokens[i]?.hash ?? '',
          expires_at: new Date(Date.now() + 6 * 3600_000),
        })),
      )
      .execute();
    rows.forEach((row, i) => {
      people.push({
        actor: { participantId: row.id, userId: null, role: 'participant', name: row.name, email: row.email },
        roomId: row.room_id ?? 0,
        invitation: tokens[i]?.token ?? '',
      });
    });
  }
  return people;
}

const LOGIN_CONCURRENCY = 20;

async function signIn(httpUrl: string, invitation: string): Promise<string> {
  const response = await fetch(`${httpUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invitation }),
  });
  const body: unknown = await response.json();
  const token = typeof body === 'object' && body !== null && 'token' in body ? body.token : undefined;
  if (response.status !== 200 || typeof token !== 'string') {
    throw new Error(`invitation sign-in answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return token;
}

/** One access token per invitation, in order, signed in through the server at `httpUrl`. */
export async function signInAll(httpUrl: string, invitations: readonly string[]): Promise<string[]> {
  const tokens: string[] = new Array(invitations.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < invitations.length; index = next++) {
      tokens[index] = await signIn(httpUrl, invitations[index] ?? '');
    }
  };
  await Promise.all(Array.from({ length: LOGIN_CONCURRENCY }, worker));
  return tokens;
}
