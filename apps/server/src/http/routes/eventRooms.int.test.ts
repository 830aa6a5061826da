// The rooms of an event and the automatic distribution, over HTTP on a real database.
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let labId: number;
let event: { eventId: number; roomIds: number[] };
let otherEvent: { eventId: number; roomIds: number[] };
const tokens = { manager: '', plain: '', guest: '' };

async function guestOf(slug: string, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { firstName: 'G', lastName: email, email, eventSlug: slug, isPublic: true },
  });
  return response.json().token;
}

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  labId = await createLab(test.db, 'Lab A');
  await createUser(test.db, {
    labId,
    email: 'manager@a.test',
    password: 'pw-manager',
    permissions: ['manage_events'],
  });
  await createUser(test.db, { labId, email: 'plain@a.test', password: 'pw-plain' });
  event = await createEvent(test.db, { labId, slug: 'rooms-1', rooms: 3 });
  otherEvent = await createEvent(test.db, { labId, slug: 'rooms-2', rooms: 1 });
  tokens.manager = await signIn(app, 'manager@a.test', 'pw-manager');
  tokens.plain = await signIn(app, 'plain@a.test', 'pw-plain');
  tokens.guest = await guestOf('rooms-1', 'guest@x.org');
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('GET /api/events/{id}/rooms', () => {
  it('lists the rooms with their participant counts to a manager and to a participant of the event', async () => {
    for (const token of [tokens.manager, tokens.guest]) {
      const response = await call('GET', `/api/events/${event.eventId}/rooms`, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(
        event.roomIds.map((id) => ({
          id,
          name: '',
          event_id: event.eventId,
          active_modules: ['chat', 'polls', 'notes', 'stats', 'active_camera', 'questions'],
          participantCount: 0,
          onlineCount: 0,
        })),
      );
    }
  });

  it('refuses staff who neither manage events nor take part, and hides other events from a guest', async () => {
    const plain = await call('GET', `/api/events/${event.eventId}/rooms`, tokens.plain);
    expect(plain.statusCode).toBe(403);
    expect(plain.json().detail).toBe('You are not a participant of this event.');
    expect((await call('GET', `/api/events/${otherEvent.eventId}/rooms`, tokens.guest)).statusCode).toBe(404);
    expect((await call('GET', '/api/events/abc/rooms', tokens.manager)).statusCode).toBe(400);
  });
});

describe('GET /api/events/{id}/joinroom', () => {
  it('places each newcomer in the room with the fewest participants, lowest id first, and keeps them there', async () => {
    const [r1, r2, r3] = event.roomIds;
    const guests = [tokens.guest];
    for (const n of [2, 3, 4]) guests.push(await guestOf('rooms-1', `guest${n}@x.org`));
    const placed: number[] = [];
    for (const token of guests) {
      const response = await call('GET', `/api/events/${event.eventId}/joinroom`, token);
      expect(response.statusCode).toBe(200);
      placed.push(response.json().id);
    }
    expect(placed).toEqual([r1, r2, r3, r1]);
    // Asking again keeps the room already given.
    expect((await call('GET', `/api/events/${event.eventId}/joinroom`, guests[1] ?? '')).json()).toEqual({
      id: r2,
    });
    const rooms = (await call('GET', `/api/events/${event.eventId}/rooms`, tokens.manager)).json();
    expect(rooms.map((room: { participantCount: number }) => room.participantCount)).toEqual([2, 1, 1]);
  });

  it('refuses while the event is not active, and answers 409 for an event without rooms', async () => {
    await test.db.updateTable('events').set({ active: false }).where('id', '=', event.eventId).execute();
    const closed = await call('GET', `/api/events/${event.eventId}/joinroom`, tokens.guest);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().detail).toMatch(/not active/);
    await test.db.updateTable('events').set({ active: true }).where('id', '=', event.eventId).execute();

    const empty = await createEvent(test.db, { labId, slug: 'rooms-empty', rooms: 0 });
    const guest = await guestOf('rooms-empty', 'lonely@x.org');
    const response = await call('GET', `/api/events/${empty.eventId}/joinroom`, guest);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('This event has no room.');
  });

  it('refuses a caller without a participation in the event', async () => {
    const response = await call('GET', `/api/events/${event.eventId}/joinroom`, tokens.plain);
    expect(response.statusCode).toBe(403);
  });
});
