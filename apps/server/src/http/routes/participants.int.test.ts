// Participations over HTTP on a real database: registration by managers and by people themselves, the
// room and role changes of the waiting room, look-ups and deletion, with their permission rules.
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  enterRoomAs,
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
let otherLabId: number;
let plainUserId: number;
let event: { eventId: number; roomIds: number[] };
let otherEvent: { eventId: number; roomIds: number[] };
const tokens = { manager: '', plain: '', guest: '' };
let guestId = 0;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  labId = await createLab(test.db, 'Lab A');
  otherLabId = await createLab(test.db, 'Lab B');
  // A manager with the role `user`: the events below are theirs, as only owners change an event.
  const managerId = await createUser(test.db, {
    labId,
    email: 'manager@a.test',
    password: 'pw-manager',
    permissions: ['manage_events'],
  });
  plainUserId = await createUser(test.db, { labId, email: 'plain@a.test', password: 'pw-plain' });
  event = await createEvent(test.db, { labId, slug: 'part-1', rooms: 2, ownerId: managerId });
  otherEvent = await createEvent(test.db, { labId, slug: 'part-2', rooms: 1, ownerId: managerId });
  tokens.manager = await signIn(app, 'manager@a.test', 'pw-manager');
  tokens.plain = await signIn(app, 'plain@a.test', 'pw-plain');
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: {
      firstName: 'Gina',
      lastName: 'Guest',
      email: 'gina@x.org',
      eventSlug: 'part-1',
      isPublic: true,
    },
  });
  tokens.guest = login.json().token;
  guestId = login.json().user.id;
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('POST /api/participants', () => {
  it('lets a manager add anyone once per event and e-mail, in the lab of the event', async () => {
    const payload = {
      event_id: event.eventId,
      email: 'Paul@Example.org',
      first_name: 'Paul',
      last_name: 'Martin',
      role: 'animator',
      room_id: event.roomIds[1],
      timezone: 'Europe/Berlin',
      lab_id: otherLabId,
    };
    const created = await call('POST', '/api/participants', tokens.manager, payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      event_id: event.eventId,
      lab_id: labId,
      email: 'Paul@Example.org',
      name: 'Paul Martin',
      role: 'animator',
      room_id: event.roomIds[1],
      timezone: 'Europe/Berlin',
    });
    expect(created.json()).not.toHaveProperty('google_refresh_token');
    const again = await call('POST', '/api/participants', tokens.manager, {
      ...payload,
      email: 'paul@EXAMPLE.org',
    });
    // One e-mail is one participant per event: a second one is refused, saying why.
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('paul@EXAMPLE.org is already a participant of this event.');
  });

  it('validates the body and names the field', async () => {
    const badEmail = await call('POST', '/api/participants', tokens.manager, {
      event_id: event.eventId,
      email: 'x',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors[0]).toMatchObject({
      field: 'email',
      message: 'Please enter a valid email',
    });
    const noEvent = await call('POST', '/api/participants', tokens.manager, { email: 'a@b.org' });
    expect(noEvent.json().errors[0].field).toBe('event_id');
    const badZone = await call('POST', '/api/participants', tokens.manager, {
      event_id: event.eventId,
      email: 'a@b.org',
      timezone: 'Mars/Olympus',
    });
    expect(badZone.json().errors[0].field).toBe('timezone');
    const badRole = await call('POST', '/api/participants', tokens.manager, {
      event_id: event.eventId,
      email: 'a@b.org',
      role: 'king',
    });
    expect(badRole.json().errors[0].field).toBe('role');
  });

  it("refuses a room of another event (naming room_id) and answers 404 for another lab's user", async () => {
    const room = await call('POST', '/api/participants', tokens.manager, {
      event_id: event.eventId,
      email: 'r@x.org',
      room_id: otherEvent.roomIds[0],
    });
    expect(room.statusCode).toBe(400);
    expect(room.json().errors?.[0]?.field ?? room.json().detail).toContain('room_id');
    const otherUser = await createUser(test.db, { labId: otherLabId, email: 'b@b.test', password: 'pw-b' });
    const user = await call('POST', '/api/participants', tokens.manager, {
      event_id: event.eventId,
      email: 'u@x.org',
      user_id: otherUser,
    });
    expect(user.statusCode).toBe(404);
  });

  it('lets a user register themself only, as a participant the event places', async () => {
    const self = await call('POST', '/api/participants', tokens.plain, {
      event_id: otherEvent.eventId,
      email: 'plain@a.test',
      timezone: 'Europe/Paris',
    });
    expect(self.statusCode).toBe(201);
    expect(self.json()).toMatchObject({
      user_id: plainUserId,
      role: 'participant',
      room_id: null,
      name: 'Test plain',
    });

    const forSomeoneElse = await call('POST', '/api/participants', tokens.plain, {
      event_id: otherEvent.eventId,
      email: 'someone@x.org',
    });
    expect(forSomeoneElse.statusCode).toBe(403);
    const promoted = await call('POST', '/api/participants', tokens.plain, {
      event_id: event.eventId,
      email: 'plain@a.test',
      role: 'animator',
    });
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().detail).toMatch(/Only managers/);
    const otherAccount = await call('POST', '/api/participants', tokens.plain, {
      event_id: event.eventId,
      email: 'plain@a.test',
      user_id: plainUserId + 1000,
    });
    expect(otherAccount.statusCode).toBe(403);
  });
});

describe('GET /api/participants and /api/participants/{id}', () => {
  it('finds participations by e-mail: a manager in the whole lab, anyone else only their own', async () => {
    const all = await call('GET', '/api/participants?email=PAUL@example.org', tokens.manager);
    expect(all.json()).toHaveLength(1);
    const own = await call('GET', '/api/participants?email=gina@x.org', tokens.guest);
    expect(own.json()).toMatchObject([{ id: guestId, email: 'gina@x.org' }]);
    const other = await call('GET', '/api/participants?email=paul@example.org', tokens.guest);
    expect(other.statusCode).toBe(403);
    expect((await call('GET', '/api/participants', tokens.manager)).statusCode).toBe(400);
  });

  it("reads a participation to its owner and managers; anybody else's is 404", async () => {
    expect((await call('GET', `/api/participants/${guestId}`, tokens.guest)).statusCode).toBe(200);
    expect((await call('GET', `/api/participants/${guestId}`, tokens.manager)).statusCode).toBe(200);
    expect((await call('GET', `/api/participants/${guestId}`, tokens.plain)).statusCode).toBe(404);
  });
});

describe('PUT /api/participants/{id}', () => {
  it('keeps plain participants where they were placed, and from promoting themselves', async () => {
    const room = await call('PUT', `/api/participants/${guestId}`, tokens.guest, {
      room_id: event.roomIds[1],
      event_id: event.eventId,
    });
    expect(room.statusCode).toBe(403);
    expect(room.json().detail).toMatch(/participants are placed/);
    const role = await call('PUT', `/api/participants/${guestId}`, tokens.guest, { role: 'animator' });
    expect(role.statusCode).toBe(403);
    expect(role.json().detail).toBe(
      'Only managers (manage events) can give the animator, observer or observer-animator role.',
    );
  });

  it('lets a manager change roles and place people, even before the event starts', async () => {
    await test.db.updateTable('events').set({ active: false }).where('id', '=', event.eventId).execute();
    const role = await call('PUT', `/api/participants/${guestId}`, tokens.manager, { role: 'observer' });
    expect(role.json()).toMatchObject({ role: 'observer' });
    const placed = await call('PUT', `/api/participants/${guestId}`, tokens.manager, {
      room_id: event.roomIds[0],
      event_id: event.eventId,
    });
    expect(placed.json()).toMatchObject({ room_id: event.roomIds[0] });
    // An observer picks their own room, but only while the event runs.
    const early = await call('PUT', `/api/participants/${guestId}`, tokens.guest, {
      room_id: event.roomIds[1],
      event_id: event.eventId,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toBe('A room can be chosen only while the event is active.');
    await test.db.updateTable('events').set({ active: true }).where('id', '=', event.eventId).execute();
  });

  it('lets staff roles choose their own room while the event is active', async () => {
    const animator = await enterRoomAs(test.db, app, {
      labId,
      eventId: event.eventId,
      roomId: event.roomIds[0] ?? 0,
      role: 'animator',
      email: 'ana@x.org',
    });
    const moved = await call('PUT', `/api/participants/${animator.participantId}`, animator.token, {
      room_id: event.roomIds[1],
      event_id: event.eventId,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().room_id).toBe(event.roomIds[1]);
    // Stepping down is not a promotion.
    const down = await call('PUT', `/api/participants/${animator.participantId}`, animator.token, {
      role: 'participant',
    });
    expect(down.json().role).toBe('participant');
  });

  it('refuses mixed or incomplete bodies, another event, and rooms of other events', async () => {
    const mixed = await call('PUT', `/api/participants/${guestId}`, tokens.manager, {
      role: 'animator',
      room_id: event.roomIds[0],
      event_id: event.eventId,
    });
    expect(mixed.statusCode).toBe(400);
    const half = await call('PUT', `/api/participants/${guestId}`, tokens.manager, {
      room_id: event.roomIds[0],
    });
    expect(half.json().errors[0].field).toBe('event_id');
    const wrongEvent = await call('PUT', `/api/participants/${guestId}`, tokens.manager, {
      room_id: otherEvent.roomIds[0],
      event_id: otherEvent.eventId,
    });
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.json().detail).toMatch(/^event_id:/);
    const foreignRoom = await call('PUT', `/api/participants/${guestId}`, tokens.manager, {
      room_id: otherEvent.roomIds[0],
      event_id: event.eventId,
    });
    expect(foreignRoom.statusCode).toBe(404);
  });
});

describe('DELETE /api/participants/{id}', () => {
  it('needs manage events and removes the participation', async () => {
    const target = (await call('GET', '/api/participants?email=paul@example.org', tokens.manager)).json()[0]
      .id;
    const refused = await call('DELETE', `/api/participants/${target}`, tokens.plain);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Not enough permissions');
    expect((await call('DELETE', `/api/participants/${target}`, tokens.manager)).statusCode).toBe(204);
    expect((await call('GET', `/api/participants/${target}`, tokens.manager)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/participants/${target}`, tokens.manager)).statusCode).toBe(404);
  });
});
