// Who may see an event is who may register to it and enter its rooms: one rule (canSeeEvent) behind
// every route and the socket. A user with only the role `user` sees the events they own, public events
// and those a manager registered them to; a private event of someone else is absent for them everywhere.
import { PROTOCOL_VERSION } from '@lablive/protocol';
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  listenForSockets,
  openTestSocket,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let wsUrl: string;
let ownerId: number;
let privateEvent: { eventId: number; roomIds: number[] };
let ownPrivateEvent: { eventId: number; roomIds: number[] };
let publicEvent: { eventId: number; roomIds: number[] };
const tokens = { plain: '', manager: '', admin: '', invited: '' };

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  wsUrl = await listenForSockets(app);
  const labId = await createLab(test.db, 'Lab A');
  ownerId = await createUser(test.db, { labId, email: 'owner@a.test', password: 'pw-owner' });
  await createUser(test.db, { labId, email: 'plain@a.test', password: 'pw-plain' });
  await createUser(test.db, { labId, email: 'invited@a.test', password: 'pw-invited' });
  // Role `user` with manage events: runs the events they own, not their colleagues' private ones.
  await createUser(test.db, {
    labId,
    email: 'manager@a.test',
    password: 'pw-manager',
    permissions: ['manage_events'],
  });
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw-admin', role: 'admin' });
  privateEvent = await createEvent(test.db, { labId, ownerId, slug: 'private-1', isPublic: false, rooms: 2 });
  publicEvent = await createEvent(test.db, { labId, ownerId, slug: 'public-1', isPublic: true });
  for (const key of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[key] = await signIn(app, `${key}@a.test`, `pw-${key}`);
  }
  const managerId = (
    await test.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'manager@a.test')
      .executeTakeFirstOrThrow()
  ).id;
  ownPrivateEvent = await createEvent(test.db, {
    labId,
    ownerId: managerId,
    slug: 'private-own',
    isPublic: false,
  });
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

/** The answer to the socket's join of a room, as the given token. */
async function socketJoin(token: string, roomId: number): Promise<{ type: string; code?: string }> {
  const socket = await openTestSocket(wsUrl);
  try {
    socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token });
    await socket.waitFor((message) => message.type === 'authenticated');
    socket.send({ type: 'join', roomId, connectionId: 'c-1', lastVersion: null });
    const answer = await socket.waitFor((message) => message.type === 'welcome' || message.type === 'error');
    return answer as { type: string; code?: string };
  } finally {
    socket.close();
  }
}

describe("a user's access to a private event of a colleague", () => {
  it('is absent for a user who neither owns it nor takes part: reading, registering, rooms and socket', async () => {
    const { eventId, roomIds } = privateEvent;
    const roomId = roomIds[0] ?? 0;
    expect((await call('GET', `/api/events/${eventId}`, tokens.plain)).statusCode).toBe(404);
    const register = await call('POST', '/api/participants', tokens.plain, {
      event_id: eventId,
      email: 'plain@a.test',
    });
    expect(register.statusCode).toBe(404);
    expect(register.json()).toMatchObject({ code: 'not_found', detail: `No event ${eventId}.` });
    expect((await call('GET', `/api/events/${eventId}/rooms`, tokens.plain)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}/joinroom`, tokens.plain)).statusCode).toBe(404);
    expect((await call('GET', `/api/rooms/${roomId}`, tokens.plain)).statusCode).toBe(404);
    expect(await socketJoin(tokens.plain, roomId)).toMatchObject({ type: 'error', code: 'room_not_found' });
    const rows = await test.db
      .selectFrom('participants')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('is absent for a user-role manager too, who is not made its animator by opening a room', async () => {
    const { eventId, roomIds } = privateEvent;
    expect((await call('GET', `/api/events/${eventId}`, tokens.manager)).statusCode).toBe(404);
    expect(await socketJoin(tokens.manager, roomIds[1] ?? 0)).toMatchObject({
      type: 'error',
      code: 'room_not_found',
    });
    const register = await call('POST', '/api/participants', tokens.manager, {
      event_id: eventId,
      email: 'someone@x.org',
    });
    expect(register.statusCode).toBe(404);
  });

  it('opens once a lab admin registers the user, and the owner and admins see it all along', async () => {
    const { eventId, roomIds } = privateEvent;
    expect((await call('GET', `/api/events/${eventId}`, tokens.admin)).statusCode).toBe(200);
    const owner = await signIn(app, 'owner@a.test', 'pw-owner');
    expect((await call('GET', `/api/events/${eventId}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${eventId}`, tokens.invited)).statusCode).toBe(404);
    const registered = await call('POST', '/api/participants', tokens.admin, {
      event_id: eventId,
      email: 'invited@a.test',
      room_id: roomIds[0],
    });
    expect(registered.statusCode).toBe(201);
    expect((await call('GET', `/api/events/${eventId}`, tokens.invited)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${eventId}/joinroom`, tokens.invited)).json()).toEqual({
      id: roomIds[0],
    });
    expect(await socketJoin(tokens.invited, roomIds[0] ?? 0)).toMatchObject({ type: 'welcome' });
  });
});

describe('events a user may see', () => {
  it('lets a user register themself to a public event of the lab', async () => {
    const register = await call('POST', '/api/participants', tokens.plain, {
      event_id: publicEvent.eventId,
      email: 'plain@a.test',
    });
    expect(register.statusCode).toBe(201);
    expect((await call('GET', `/api/events/${publicEvent.eventId}`, tokens.plain)).statusCode).toBe(200);
  });

  it("lets a user-role manager run their own private event's room", async () => {
    const { eventId, roomIds } = ownPrivateEvent;
    expect((await call('GET', `/api/events/${eventId}`, tokens.manager)).statusCode).toBe(200);
    expect(await socketJoin(tokens.manager, roomIds[0] ?? 0)).toMatchObject({ type: 'welcome' });
  });
});

describe("the guests of a colleague's public event (issue 26, finding 4)", () => {
  it('are not listed to a user-role manager who sees the event but does not own it', async () => {
    const { eventId } = publicEvent;
    const added = await call('POST', '/api/participants', tokens.admin, {
      event_id: eventId,
      email: 'guest-of-public@x.org',
      name: 'Guest of public',
    });
    expect(added.statusCode).toBe(201);
    const guestId: number = added.json().id;
    await call('POST', '/api/event-invitations', tokens.admin, { event: eventId, participant: guestId });
    // Seeing a public event is not managing it: its guest list, one guest, a search by e-mail, its
    // invitations and its mail log all withhold the guests' names and addresses.
    expect((await call('GET', `/api/events/${eventId}`, tokens.manager)).statusCode).toBe(200);
    expect((await call('GET', `/api/participants?event_id=${eventId}`, tokens.manager)).statusCode).toBe(403);
    expect((await call('GET', `/api/participants/${guestId}`, tokens.manager)).statusCode).toBe(404);
    const byEmail = await call('GET', '/api/participants?email=guest-of-public@x.org', tokens.manager);
    expect(byEmail.json()).toEqual([]);
    const invitations = await call('GET', `/api/event-invitations?event=${eventId}`, tokens.manager);
    expect(invitations.json()).toEqual([]);
    expect((await call('GET', `/api/events/${eventId}/mails`, tokens.manager)).statusCode).toBe(403);
    // Its owner's and the admin's view are whole.
    for (const token of [tokens.admin]) {
      const list = await call('GET', `/api/participants?event_id=${eventId}`, token);
      expect(list.json().map((p: { id: number }) => p.id)).toContain(guestId);
      expect((await call('GET', `/api/event-invitations?event=${eventId}`, token)).json()).not.toEqual([]);
    }
  });
});
