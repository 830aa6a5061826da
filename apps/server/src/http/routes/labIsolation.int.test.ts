// Two labs on one database: nothing of one is readable by the other through any route, and the guard
// enforces permissions server-side.
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
const ids = {
  labA: 0,
  labB: 0,
  adminA: 0,
  plainA: 0,
  managerA: 0,
  adminB: 0,
  eventA: 0,
  eventOwnedA: 0,
  eventPrivateA: 0,
  eventB: 0,
};
const tokens = { adminA: '', plainA: '', managerA: '', adminB: '', guestA: '' };

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  ids.labA = await createLab(test.db, 'Lab A', ['polls']);
  ids.labB = await createLab(test.db, 'Lab B', ['stats']);
  ids.adminA = await createUser(test.db, {
    labId: ids.labA,
    email: 'admin@a.test',
    password: 'password-a',
    role: 'admin',
  });
  ids.plainA = await createUser(test.db, { labId: ids.labA, email: 'plain@a.test', password: 'password-a' });
  ids.managerA = await createUser(test.db, {
    labId: ids.labA,
    email: 'manager@a.test',
    password: 'password-a',
    permissions: ['manage_events'],
  });
  ids.adminB = await createUser(test.db, {
    labId: ids.labB,
    email: 'admin@b.test',
    password: 'password-b',
    role: 'admin',
  });
  ids.eventA = (
    await createEvent(test.db, { labId: ids.labA, ownerId: ids.adminA, slug: 'a-event-1' })
  ).eventId;
  ids.eventOwnedA = (
    await createEvent(test.db, { labId: ids.labA, ownerId: ids.plainA, slug: 'a-event-2' })
  ).eventId;
  ids.eventPrivateA = (
    await createEvent(test.db, { labId: ids.labA, ownerId: ids.adminA, slug: 'a-event-3', isPublic: false })
  ).eventId;
  ids.eventB = (
    await createEvent(test.db, { labId: ids.labB, ownerId: ids.adminB, slug: 'b-event-1' })
  ).eventId;
  const signIn = async (payload: object) =>
    (await app.inject({ method: 'POST', url: '/api/login', payload })).json().token as string;
  tokens.adminA = await signIn({ email: 'admin@a.test', password: 'password-a' });
  tokens.plainA = await signIn({ email: 'plain@a.test', password: 'password-a' });
  tokens.managerA = await signIn({ email: 'manager@a.test', password: 'password-a' });
  tokens.adminB = await signIn({ email: 'admin@b.test', password: 'password-b' });
  tokens.guestA = await signIn({
    firstName: 'G',
    lastName: 'A',
    email: 'g@x.org',
    eventSlug: 'a-event-1',
    isPublic: true,
  });
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const get = (url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('lab boundary', () => {
  it('answers 404 for every row of another lab, exactly as for a row that does not exist', async () => {
    const crossLab = [
      [`/api/labs/${ids.labB}`, tokens.adminA],
      [`/api/users/${ids.adminB}`, tokens.adminA],
      [`/api/events/${ids.eventB}`, tokens.adminA],
      [`/api/labs/${ids.labA}`, tokens.adminB],
      [`/api/users/${ids.adminA}`, tokens.adminB],
      [`/api/events/${ids.eventA}`, tokens.adminB],
      [`/api/events/${ids.eventB}`, tokens.guestA],
      [`/api/labs/${ids.labB}`, tokens.guestA],
    ] as const;
    for (const [url, token] of crossLab) {
      const response = await get(url, token);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('not_found');
      expect(response.body).not.toContain('Lab B');
      expect(response.body).not.toContain('admin@');
    }
    expect((await get('/api/events/999999', tokens.adminA)).json().code).toBe('not_found');
  });

  it('shows each lab its own rows', async () => {
    expect((await get(`/api/labs/${ids.labA}`, tokens.adminA)).json()).toMatchObject({
      name: 'Lab A',
      modules: [{ name: 'polls' }],
    });
    expect((await get(`/api/labs/${ids.labB}`, tokens.adminB)).json()).toMatchObject({ name: 'Lab B' });
    expect((await get(`/api/users/${ids.plainA}`, tokens.adminA)).json()).toMatchObject({
      email: 'plain@a.test',
    });
    expect((await get(`/api/events/${ids.eventB}`, tokens.adminB)).json()).toMatchObject({
      slug: 'b-event-1',
    });
    expect((await get(`/api/events/${ids.eventA}`, tokens.guestA)).json()).toMatchObject({
      slug: 'a-event-1',
    });
  });
});

describe('permissions inside a lab', () => {
  it('lets a user read their own account but not a colleague without manage users', async () => {
    expect((await get(`/api/users/${ids.plainA}`, tokens.plainA)).statusCode).toBe(200);
    expect((await get(`/api/users/${ids.adminA}`, tokens.plainA)).statusCode).toBe(404);
  });

  it("shows a plain user the events they own and public ones, not a colleague's private event", async () => {
    const privateA = ids.eventPrivateA;
    expect((await get(`/api/events/${ids.eventOwnedA}`, tokens.plainA)).statusCode).toBe(200);
    expect((await get(`/api/events/${ids.eventA}`, tokens.plainA)).statusCode).toBe(200);
    expect((await get(`/api/events/${privateA}`, tokens.plainA)).statusCode).toBe(404);
    expect((await get(`/api/events/${privateA}`, tokens.adminA)).statusCode).toBe(200);
    expect((await get(`/api/events/${ids.eventOwnedA}`, tokens.adminA)).statusCode).toBe(200);
  });

  it('keeps guests out of staff-only routes', async () => {
    const response = await get(`/api/users/${ids.adminA}`, tokens.guestA);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('Not enough permissions');
  });
});

describe('event cards (theme)', () => {
  it('gives a public event its card by slug, and nothing by id to anyone not signed in', async () => {
    const info = await app.inject({ method: 'GET', url: '/api/eventInfo/by-slug/a-event-1' });
    expect(info.json()).toMatchObject({
      id: ids.eventA,
      labName: 'Lab A',
      theme: { primaryColor: '#112233', backgroundColor: '#f8f9fe' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/eventInfo/by-slug/a-event-3' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/api/eventInfo/by-slug/nope-9' })).statusCode).toBe(404);
    // Walking ids reveals nothing: every id, public, private or of another lab, answers the same 401.
    for (const id of [ids.eventA, ids.eventPrivateA, ids.eventB, 424242]) {
      const walked = await app.inject({ method: 'GET', url: `/api/eventInfo/${id}` });
      expect(walked.statusCode).toBe(401);
      expect(walked.body).not.toContain('Lab');
    }
  });

  it('gives a signed-in caller the card of an event they may see, and 404 for the others', async () => {
    expect((await get(`/api/eventInfo/${ids.eventA}`, tokens.guestA)).json()).toMatchObject({
      labName: 'Lab A',
    });
    expect((await get(`/api/eventInfo/${ids.eventPrivateA}`, tokens.adminA)).statusCode).toBe(200);
    expect((await get(`/api/eventInfo/${ids.eventPrivateA}`, tokens.plainA)).statusCode).toBe(404);
    expect((await get(`/api/eventInfo/${ids.eventPrivateA}`, tokens.guestA)).statusCode).toBe(404);
    expect((await get(`/api/eventInfo/${ids.eventA}`, tokens.adminB)).statusCode).toBe(404);
  });
});

describe('event lists', () => {
  it('lists the events of the caller lab only, and only their own for a plain user', async () => {
    const slugs = async (url: string, token: string) =>
      ((await get(url, token)).json() as Array<{ slug: string }>).map((event) => event.slug).sort();
    const labA = ['a-event-1', 'a-event-2', 'a-event-3'];
    expect(await slugs('/api/events', tokens.adminA)).toEqual(labA);
    expect(await slugs(`/api/events?lab_id=${ids.labA}`, tokens.adminA)).toEqual(labA);
    expect(await slugs('/api/events', tokens.adminB)).toEqual(['b-event-1']);
    expect(await slugs('/api/events', tokens.plainA)).toEqual(['a-event-2']);
    expect((await get(`/api/events?lab_id=${ids.labB}`, tokens.adminA)).statusCode).toBe(404);
    expect((await get('/api/events', tokens.guestA)).statusCode).toBe(403);
  });
});
