// A room's name, given by who may change its event: PUT events/{id}/rooms/{roomId} over HTTP on a real
// database; the rooms list then shows it, and a refusal carries the key a page translates.
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
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let event: { eventId: number; roomIds: number[] };
let otherEvent: { eventId: number; roomIds: number[] };
const tokens = { manager: '', plain: '', otherLab: '' };

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  const labId = await createLab(test.db, 'Lab A');
  const otherLabId = await createLab(test.db, 'Lab B');
  const staff = [
    { labId, email: 'manager@a.test', password: 'pw-manager', role: 'admin' },
    { labId, email: 'plain@a.test', password: 'pw-plain' },
    { labId: otherLabId, email: 'manager@b.test', password: 'pw-other', permissions: ['manage_events'] },
  ] as const;
  for (const user of staff) await createUser(test.db, user);
  event = await createEvent(test.db, { labId, slug: 'rename-1', rooms: 2 });
  otherEvent = await createEvent(test.db, { labId, slug: 'rename-2', rooms: 1 });
  tokens.manager = await signIn(app, 'manager@a.test', 'pw-manager');
  tokens.plain = await signIn(app, 'plain@a.test', 'pw-plain');
  tokens.otherLab = await signIn(app, 'manager@b.test', 'pw-other');
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const rename = (token: string, eventId: number, roomId: number, name: unknown) =>
  call('PUT', `/api/events/${eventId}/rooms/${roomId}`, token, { name });

describe('PUT /api/events/{id}/rooms/{roomId}', () => {
  it('renames a room for who may change the event, and the rooms list shows the new name', async () => {
    const [first = 0, second = 0] = event.roomIds;
    const response = await rename(tokens.manager, event.eventId, first, '  Salle Pasteur  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: first, name: 'Salle Pasteur', event_id: event.eventId });
    const list = await call('GET', `/api/events/${event.eventId}/rooms`, tokens.manager);
    expect(list.json().map((room: { id: number; name: string }) => [room.id, room.name])).toEqual([
      [first, 'Salle Pasteur'],
      [second, ''],
    ]);
  });

  it('refuses staff who may not change events, another lab, and a room of another event', async () => {
    const [room = 0] = event.roomIds;
    expect((await rename(tokens.plain, event.eventId, room, 'Mine')).statusCode).toBe(403);
    expect((await rename(tokens.otherLab, event.eventId, room, 'Theirs')).statusCode).toBe(404);
    const [foreign = 0] = otherEvent.roomIds;
    expect((await rename(tokens.manager, event.eventId, foreign, 'Wrong')).statusCode).toBe(404);
  });

  it('refuses an empty name with the message the form translates', async () => {
    const response = await rename(tokens.manager, event.eventId, event.roomIds[0] ?? 0, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toEqual({ field: 'name', message: 'This field must be filled' });
  });

  it('keeps a closed event names, with a refusal keyed for the page language', async () => {
    await sql`update events set end_date = now() where id = ${otherEvent.eventId}`.execute(test.db);
    const response = await rename(tokens.manager, otherEvent.eventId, otherEvent.roomIds[0] ?? 0, 'Late');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: 'This event is closed: it can no longer be changed.',
      key: 'eventClosed',
      params: {},
    });
  });
});
