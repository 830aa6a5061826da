// The back office's event lifecycle over HTTP on a real database: plan an event (its rooms, medias and
// description), edit it, start it, close it (which ends its rooms' live sessions in the log) and cancel
// one that never ran, with the validation, the blocked days and who may do what (section 6).
import {
  buildTestApp,
  type Call,
  caller,
  createLab,
  createMedia,
  createTestDatabase,
  createUser,
  enterRoomAs,
  joinBySocket,
  listenForSockets,
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
let labId: number;
let mediaId: number;
let otherLabMediaId: number;
const ids = { admin: 0, owner: 0, colleague: 0 };
const tokens = { admin: '', owner: '', colleague: '', noPermission: '', superAdmin: '', otherLab: '' };

/** The event form as the back office sends it: Tuesday 1 December 2026, 14:00 to 16:00 in Paris. */
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Oncology update',
  description: '<p>Quarterly <strong>oncology</strong> update.</p>',
  rooms_needed: 3,
  auto_dispatcher: false,
  is_public: false,
  medias: [mediaId],
  email_relaunch_J7: true,
  email_relaunch_J1: false,
  email_relaunch_h1: true,
  date: '2026-12-01',
  start_time: '14:00',
  end_time: '16:00',
  default_timezone: 'Europe/Paris',
  ...overrides,
});

async function createEventAs(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await call('POST', '/api/events', token, form(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  wsUrl = await listenForSockets(app);
  labId = await createLab(test.db, 'Lab A', ['polls', 'share_document']);
  const otherLabId = await createLab(test.db, 'Lab B');
  mediaId = await createMedia(test.db, { labId, name: 'Slides' });
  otherLabMediaId = await createMedia(test.db, { labId: otherLabId, name: 'Their slides' });
  const user = (
    email: string,
    extra: Parameters<typeof createUser>[1] extends infer O ? Partial<O> : never,
  ) => createUser(test.db, { labId, email, password: 'pw', ...extra });
  ids.admin = await user('admin@a.test', { role: 'admin' });
  ids.owner = await user('owner@a.test', { permissions: ['manage_events'] });
  ids.colleague = await user('colleague@a.test', { permissions: ['manage_events'] });
  await user('reader@a.test', {});
  await user('root@a.test', { role: 'super-admin' });
  await createUser(test.db, { labId: otherLabId, email: 'admin@b.test', password: 'pw', role: 'admin' });
  tokens.admin = await signIn(app, 'admin@a.test', 'pw');
  tokens.owner = await signIn(app, 'owner@a.test', 'pw');
  tokens.colleague = await signIn(app, 'colleague@a.test', 'pw');
  tokens.noPermission = await signIn(app, 'reader@a.test', 'pw');
  tokens.superAdmin = await signIn(app, 'root@a.test', 'pw');
  tokens.otherLab = await signIn(app, 'admin@b.test', 'pw');
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('POST /api/events', () => {
  it('plans the event with its rooms, medias, reminders and owner, at the instants of its time zone', async () => {
    const id = await createEventAs(tokens.owner);
    const event = (await call('GET', `/api/events/${id}`, tokens.owner)).json();
    expect(event).toMatchObject({
      name: 'Oncology update',
      owner_id: ids.owner,
      lab_id: labId,
      active: false,
      is_public: false,
      auto_dispatcher: false,
      rooms_needed: 3,
      email_relaunch_J7: true,
      email_relaunch_J1: false,
      email_relaunch_h1: true,
      default_timezone: 'Europe/Paris',
      // 14:00 in Paris in December is 13:00 UTC.
      planned_start_date: '2026-12-01T13:00:00.000Z',
      planned_end_date: '2026-12-01T15:00:00.000Z',
      start_date: null,
      end_date: null,
      medias: [{ id: mediaId, name: 'Slides' }],
    });
    expect(event.rooms.map((room: { name: string }) => room.name)).toEqual(['Room 1', 'Room 2', 'Room 3']);
    expect(event.slug).toBe(`oncology-update-${id}`);
  });

  it('reads the day and times in the time zone the form gives', async () => {
    const id = await createEventAs(tokens.owner, { default_timezone: 'America/New_York' });
    const event = (await call('GET', `/api/events/${id}`, tokens.owner)).json();
    expect(event.planned_start_date).toBe('2026-12-01T19:00:00.000Z');
  });

  it('keeps the description to a few formatting tags: no script, handler or style survives', async () => {
    const id = await createEventAs(tokens.owner, {
      description:
        '<p onclick="steal()">Hello <script>alert(1)</script><em>all</em> <a href="javascript:x()">x</a> <a href="https://lab.test">site</a></p><style>p{}</style>',
    });
    const { description } = (await call('GET', `/api/events/${id}`, tokens.owner)).json();
    expect(description).toBe(
      '<p>Hello <em>all</em> <a target="_blank" rel="noopener noreferrer">x</a> <a href="https://lab.test" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
  });

  it('refuses a bad form, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ rooms_needed: 0 }, 'rooms_needed'],
      [{ rooms_needed: 1.5 }, 'rooms_needed'],
      [{ medias: [] }, 'medias'],
      [{ end_time: '13:00' }, 'end_time'],
      [{ date: '2026-13-01' }, 'date'],
      [{ default_timezone: 'Mars/Olympus' }, 'default_timezone'],
      [{ is_public: true, auto_dispatcher: false }, 'auto_dispatcher'],
      [{ description: `<p>${'x'.repeat(151)}</p>` }, 'description'],
    ];
    for (const [overrides, field] of cases) {
      const response = await call('POST', '/api/events', tokens.owner, form(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().errors[0].field, JSON.stringify(overrides)).toBe(field);
    }
    // 150 visible characters pass, whatever the formatting around them.
    await createEventAs(tokens.owner, { description: `<p><strong>${'x'.repeat(150)}</strong></p>` });
  });

  it("refuses another lab's media and a day blocked by a deployment", async () => {
    const media = await call('POST', '/api/events', tokens.owner, form({ medias: [otherLabMediaId] }));
    expect(media.statusCode).toBe(400);
    expect(media.json().detail).toBe(`medias: no presentation media ${otherLabMediaId}.`);

    const blocked = await call('POST', '/api/deployment-schedulers', tokens.superAdmin, {
      date: '2026-12-24',
    });
    expect(blocked.statusCode).toBe(201);
    const days = (await call('GET', '/api/deployment-schedulers', tokens.owner)).json();
    expect(days).toContainEqual({ id: blocked.json().id, date: '2026-12-24' });
    const refused = await call('POST', '/api/events', tokens.owner, form({ date: '2026-12-24' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('2026-12-24 is blocked');
    // Only super-admins keep the blocked days.
    const byAdmin = await call('POST', '/api/deployment-schedulers', tokens.admin, { date: '2026-12-25' });
    expect(byAdmin.statusCode).toBe(403);
    const freed = await call('DELETE', `/api/deployment-schedulers/${blocked.json().id}`, tokens.superAdmin);
    expect(freed.statusCode).toBe(204);
    await createEventAs(tokens.owner, { date: '2026-12-24' });
  });
});

describe('PUT /api/events/{id}', () => {
  it('edits the date and the rooms; a room with guests is kept, the message naming it', async () => {
    const id = await createEventAs(tokens.owner);
    const moved = await call(
      'PUT',
      `/api/events/${id}`,
      tokens.owner,
      form({ date: '2026-12-08', rooms_needed: 2 }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ planned_start_date: '2026-12-08T13:00:00.000Z', rooms_needed: 2 });
    expect(moved.json().rooms).toHaveLength(2);

    const [, room2] = moved.json().rooms;
    const guest = await call('POST', '/api/participants', tokens.owner, {
      event_id: id,
      email: 'guest@x.org',
      name: 'Gus Guest',
      room_id: room2.id,
    });
    expect(guest.statusCode).toBe(201);
    const shrink = await call('PUT', `/api/events/${id}`, tokens.owner, form({ rooms_needed: 1 }));
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().detail).toBe(
      'rooms_needed: Room 2 holds 1 participant(s): move them or keep 2 rooms.',
    );
    const grow = await call('PUT', `/api/events/${id}`, tokens.owner, form({ rooms_needed: 4 }));
    expect(grow.json().rooms.map((room: { name: string }) => room.name)).toEqual([
      'Room 1',
      'Room 2',
      'Room 3',
      'Room 4',
    ]);
  });

  it('starts the event now, then closes it: each room ends its session in the log, seen by those inside', async () => {
    const id = await createEventAs(tokens.owner, { rooms_needed: 2 });
    const started = await call('PUT', `/api/events/${id}`, tokens.owner, { active: true });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ active: true, end_date: null });
    expect(Date.now() - Date.parse(started.json().start_date)).toBeLessThan(60_000);

    const [room1, room2] = started.json().rooms;
    const guest = await enterRoomAs(test.db, app, {
      labId,
      eventId: id,
      roomId: room1.id,
      role: 'participant',
      email: 'inside@x.org',
    });
    const socket = await joinBySocket(wsUrl, guest.token, room1.id, 'c-1');

    const closed = await call('PUT', `/api/events/${id}`, tokens.owner, {
      active: false,
      end_date: 'ignored',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ active: false });
    expect(closed.json().end_date).not.toBeNull();
    await socket.waitFor(
      (message) =>
        message.type === 'events' &&
        message.events.some((delivered) => delivered.event.type === 'SessionEnded'),
    );
    socket.close();
    for (const room of [room1, room2]) {
      const logged = await test.db
        .selectFrom('session_events')
        .select(['type', 'data', 'metadata'])
        .where('stream_id', '=', `room-${room.id}`)
        .where('type', '=', 'SessionEnded')
        .execute();
      expect(logged).toHaveLength(1);
      expect(logged[0]?.data).toMatchObject({ closedByUserId: ids.owner });
      expect(logged[0]?.metadata).toMatchObject({ actor: { userId: ids.owner } });
    }

    // Closed is closed: no edit, no restart, no cancel; closing again changes nothing.
    expect((await call('PUT', `/api/events/${id}`, tokens.owner, form())).statusCode).toBe(409);
    expect((await call('PUT', `/api/events/${id}`, tokens.owner, { active: true })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/events/${id}`, tokens.owner)).statusCode).toBe(409);
    const again = await call('PUT', `/api/events/${id}`, tokens.owner, { active: false });
    expect(again.json().end_date).toBe(closed.json().end_date);
    const lateGuest = await call('POST', '/api/participants', tokens.owner, {
      event_id: id,
      email: 'late@x.org',
      name: 'Late',
      room_id: room1.id,
    });
    expect(lateGuest.statusCode).toBe(409);
    expect(lateGuest.json().detail).toBe('This event is closed: its guest list can no longer change.');
    // Nobody enters a room of a closed event.
    const late = await call('GET', `/api/events/${id}/joinroom`, guest.token);
    expect(late.statusCode).toBe(403);
  });
});

describe('DELETE /api/events/{id}', () => {
  it('cancels an event that never started; one that started can only be closed', async () => {
    const planned = await createEventAs(tokens.owner);
    expect((await call('DELETE', `/api/events/${planned}`, tokens.owner)).statusCode).toBe(204);
    expect((await call('GET', `/api/events/${planned}`, tokens.owner)).statusCode).toBe(404);

    const running = await createEventAs(tokens.owner);
    await call('PUT', `/api/events/${running}`, tokens.owner, { active: true });
    const refused = await call('DELETE', `/api/events/${running}`, tokens.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Only an event that never started can be cancelled; close it instead.',
    );
  });
});

describe('who may change an event (back-office spec, section 6)', () => {
  it('lets an admin change every event of the lab, a `user` only their own, and nobody without manage events', async () => {
    const owned = await createEventAs(tokens.owner);
    // Public: everyone of the lab sees it, so what answers is the permission, not the visibility.
    const publicEvent = await createEventAs(tokens.owner, { is_public: true, auto_dispatcher: true });
    // An admin changes any event of the lab.
    expect(
      (await call('PUT', `/api/events/${owned}`, tokens.admin, form({ name: 'By admin' }))).statusCode,
    ).toBe(200);
    // Another `user` with manage events: not theirs.
    const colleague = await call('PUT', `/api/events/${owned}`, tokens.colleague, form());
    expect(colleague.statusCode).toBe(404);
    // Without manage events: 403 on every event-changing call.
    for (const [method, url, body] of [
      ['POST', '/api/events', form()],
      ['PUT', `/api/events/${owned}`, form()],
      ['PUT', `/api/events/${owned}`, { active: true }],
      ['DELETE', `/api/events/${owned}`, undefined],
      ['POST', '/api/participants', { event_id: publicEvent, email: 'x@x.org', name: 'X' }],
      ['GET', `/api/participants?event_id=${publicEvent}`, undefined],
    ] as const) {
      const response = await call(method, url, tokens.noPermission, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // Another lab's admin does not even see it.
    expect((await call('PUT', `/api/events/${owned}`, tokens.otherLab, form())).statusCode).toBe(404);
    expect((await call('DELETE', `/api/events/${owned}`, tokens.otherLab)).statusCode).toBe(404);
  });

  it('lets a `user` change a public event of a colleague only if they own it', async () => {
    const publicEvent = await createEventAs(tokens.owner, { is_public: true, auto_dispatcher: true });
    const response = await call('PUT', `/api/events/${publicEvent}`, tokens.colleague, { active: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('You can only change the events you own (manage events).');
  });
});

describe('guests of an event', () => {
  it('places each new guest in the least-filled room, lowest first, and moves nobody already placed', async () => {
    const id = await createEventAs(tokens.owner, { auto_dispatcher: true, rooms_needed: 3 });
    const event = (await call('GET', `/api/events/${id}`, tokens.owner)).json();
    const roomIds: number[] = event.rooms.map((room: { id: number }) => room.id);
    const placed: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await call('POST', '/api/participants', tokens.owner, {
        event_id: id,
        email: `guest${i}@x.org`,
        name: `Guest ${i}`,
      });
      expect(response.statusCode).toBe(201);
      placed.push(response.json().room_id);
    }
    const [a, b, c] = roomIds;
    expect(placed).toEqual([a, b, c, a, b, c, a]);
    const list = (await call('GET', `/api/participants?event_id=${id}`, tokens.owner)).json();
    expect(list.map((guest: { room_id: number }) => guest.room_id)).toEqual(placed);
  });

  it('needs a room when the event places its guests by hand, and edits a guest', async () => {
    const id = await createEventAs(tokens.owner, { auto_dispatcher: false, rooms_needed: 2 });
    const missing = await call('POST', '/api/participants', tokens.owner, {
      event_id: id,
      email: 'a@x.org',
      name: 'A',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('room_id: choose a room: this event places its guests by hand.');
    const event = (await call('GET', `/api/events/${id}`, tokens.owner)).json();
    const created = await call('POST', '/api/participants', tokens.owner, {
      event_id: id,
      email: 'a@x.org',
      name: 'Ann Author',
      role: 'animator',
      room_id: event.rooms[0].id,
      job: 'Oncologist',
    });
    expect(created.statusCode).toBe(201);
    const edited = await call('PUT', `/api/participants/${created.json().id}`, tokens.owner, {
      name: 'Ann Author-Smith',
      email: 'ann@x.org',
      role: 'participant',
      room_id: event.rooms[1].id,
      job: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Ann Author-Smith',
      email: 'ann@x.org',
      role: 'participant',
      room_id: event.rooms[1].id,
      job: null,
    });
    // A colleague who does not own the event cannot touch its guests.
    const other = await call('DELETE', `/api/participants/${created.json().id}`, tokens.colleague);
    expect(other.statusCode).toBe(404);
    expect((await call('DELETE', `/api/participants/${created.json().id}`, tokens.owner)).statusCode).toBe(
      204,
    );
  });
});

describe('what the event form offers', () => {
  it("lists the lab's medias (never another lab's) and the mail templates of a media", async () => {
    const medias = (await call('GET', '/api/medias', tokens.owner)).json();
    // The summary the event form reads, among the fields the medias page shows.
    expect(medias).toEqual([
      expect.objectContaining({ id: mediaId, name: 'Slides', slug: 'slides', thumbnail_url: null }),
    ]);
    await test.db
      .insertInto('email_templates')
      .values({ lab_id: labId, media_id: mediaId, tag: 'invitation', locale: 'en', subject: 'Join us' })
      .execute();
    const templates = (await call('GET', `/api/email-templates?media=${mediaId}`, tokens.owner)).json();
    expect(templates).toMatchObject([
      { media_id: mediaId, email_tag: { tag: 'invitation' }, subject: 'Join us' },
    ]);
    expect((await call('GET', '/api/medias', tokens.noPermission)).statusCode).toBe(403);
  });
});

describe('the lobby setting (issue 33, part 2)', () => {
  it('is off by default, stored when asked, and kept by a partial edit', async () => {
    const plain = await createEventAs(tokens.admin, { name: 'No lobby' });
    expect((await call('GET', `/api/events/${plain}`, tokens.admin)).json()).toMatchObject({ lobby: false });
    const waiting = await createEventAs(tokens.admin, { name: 'With a lobby', lobby: true });
    expect((await call('GET', `/api/events/${waiting}`, tokens.admin)).json()).toMatchObject({ lobby: true });
    const edited = await call('PUT', `/api/events/${waiting}`, tokens.admin, { email_relaunch_J1: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ lobby: true, email_relaunch_J1: true });
    const refused = await call('POST', '/api/events', tokens.admin, form({ lobby: 'yes' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('lobby');
  });
});
