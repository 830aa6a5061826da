// The platform's labs over HTTP (issue 28, part 1), on a real database, job queue and SMTP capture: a
// super-admin opens "Lab Nord" with its first admin, who receives a set-password mail in the lab's
// language and signs in to a lab with its modules; the form's rules naming the field; a lab admin (of any
// lab) kept out; the list's use of each plan; its retention of chat and attendance (issue 32: days, null
// keeps, 0 refused naming the field); and a suspension that refuses sign-in with a message, stops
// the tokens already given, ends the sessions running in the lab's rooms, and is undone by resuming.
import { MESSAGES } from '@lablive/domain';
import {
  type Call,
  createLab,
  createUser,
  enterRoomAs,
  joinBySocket,
  listenForSockets,
  type MailedApp,
  type SmtpCapture,
  signIn,
  startMailedApp,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let mailed: MailedApp;
let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let wsUrl: string;
let platformLab: number;
let superAdmin: string;
let platformAdmin: string;

const nord = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lab Nord',
  slug: 'lab-nord',
  primary_color: '#0b6e4f',
  background_color: '#f4faf7',
  third_color: '#08324a',
  modules: ['polls', 'stats'],
  plan_minutes: 12000,
  time_zone: 'Europe/Berlin',
  default_locale: 'de',
  admin: { email: 'greta.nord@nord.test', first_name: 'Greta', last_name: 'Nord' },
  ...overrides,
});

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

beforeAll(async () => {
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  ({ test, smtp, app, call } = mailed);
  wsUrl = await listenForSockets(app);
  platformLab = await createLab(test.db, 'LabLive platform');
  await createUser(test.db, {
    labId: platformLab,
    email: 'root@platform.test',
    password: 'pw-root',
    role: 'super-admin',
  });
  await createUser(test.db, {
    labId: platformLab,
    email: 'admin@platform.test',
    password: 'pw-admin',
    role: 'admin',
  });
  superAdmin = await signIn(app, 'root@platform.test', 'pw-root');
  platformAdmin = await signIn(app, 'admin@platform.test', 'pw-admin');
});

afterAll(async () => {
  await mailed.close();
});

describe('a new lab', () => {
  let labId: number;
  let gretaToken: string;

  it('is opened with its first admin, who sets a password from a mail in the lab’s language', async () => {
    const created = await call('POST', '/api/labs', superAdmin, nord());
    expect(created.statusCode, created.body).toBe(201);
    labId = created.json().id;
    expect(created.json()).toMatchObject({
      name: 'Lab Nord',
      slug: 'lab-nord',
      modules: ['polls', 'stats'],
      time_zone: 'Europe/Berlin',
      default_locale: 'de',
      // Left out of the form: everything is kept.
      chat_retention_days: null,
      attendance_retention_days: null,
      suspended_at: null,
      users: 1,
      usage: { plan_minutes: 12000, consumed_minutes: 0, consumed_percent: 0 },
    });

    const mail = await smtp.waitForMail((m) => m.to.includes('greta.nord@nord.test'), 20_000);
    expect(mail.text).toContain('Greta Nord');
    expect(mail.text).toContain('Lab Nord');
    expect(mail.raw).not.toContain('choisissez votre mot de passe');
    const token = /\/reset\?token=([A-Za-z0-9_-]+)&welcome=1/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    const set = await app.inject({
      method: 'POST',
      url: `/api/change-password/${token}`,
      payload: { password: 'Greta-Nord-2026!' },
    });
    expect(set.statusCode, set.body).toBe(200);
    gretaToken = await signIn(app, 'greta.nord@nord.test', 'Greta-Nord-2026!');
    const me = (await call('GET', '/api/me', gretaToken)).json().user;
    expect(me).toMatchObject({
      roles: ['admin'],
      locale: 'de',
      lab: { id: labId, name: 'Lab Nord', modules: ['polls', 'stats'] },
    });
    expect(me.permissions).not.toContain('manage_labs');
  });

  it('is refused with a reason naming the field, and then nothing is stored nor mailed', async () => {
    const before = (await call('GET', '/api/labs', superAdmin)).json().length;
    const badSlug = await call('POST', '/api/labs', superAdmin, nord({ slug: 'Lab Nord!' }));
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().detail).toContain('slug');
    const badZone = await call(
      'POST',
      '/api/labs',
      superAdmin,
      nord({ slug: 'lab-sud', time_zone: 'Mars/Olympus' }),
    );
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().detail).toContain('time_zone');
    const takenSlug = await call(
      'POST',
      '/api/labs',
      superAdmin,
      nord({ admin: { ...nord().admin, email: 'x@nord.test' } }),
    );
    expect(takenSlug.statusCode).toBe(409);
    const takenEmail = await call('POST', '/api/labs', superAdmin, nord({ slug: 'lab-sud' }));
    expect(takenEmail.statusCode).toBe(409);
    expect((await call('GET', '/api/labs', superAdmin)).json()).toHaveLength(before);
    expect(await test.db.selectFrom('labs').select('id').where('slug', '=', 'lab-sud').execute()).toEqual([]);
  });

  it('is for super-admins only: a lab’s admins, of any lab, cannot list, open or change labs', async () => {
    for (const token of [platformAdmin, gretaToken]) {
      expect((await call('GET', '/api/labs', token)).statusCode).toBe(403);
      expect((await call('POST', '/api/labs', token, nord({ slug: 'lab-est' }))).statusCode).toBe(403);
      expect((await call('PUT', `/api/labs/${labId}/settings`, token, { plan_minutes: 1 })).statusCode).toBe(
        403,
      );
      expect((await call('POST', `/api/labs/${labId}/suspend`, token)).statusCode).toBe(403);
    }
    // Nor can they give themselves the platform's permission.
    const me = (await call('GET', '/api/me', gretaToken)).json().user;
    const { email, first_name, last_name } = me;
    const grant = await call('PUT', `/api/users/${me.id}`, gretaToken, {
      email,
      first_name,
      last_name,
      permissions: ['manage_labs'],
    });
    expect(grant.statusCode).toBe(403);
  });

  it('has its settings changed, the modules applying at once to its people', async () => {
    const changed = await call('PUT', `/api/labs/${labId}/settings`, superAdmin, {
      modules: ['polls', 'stats', 'share_document'],
      plan_minutes: 24000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      usage: { plan_minutes: 24000 },
      modules: ['polls', 'share_document', 'stats'],
    });
    const me = (await call('GET', '/api/me', gretaToken)).json().user;
    expect(me.lab.modules).toContain('share_document');
    expect((await call('GET', `/api/labs/999999/settings`, superAdmin)).statusCode).toBe(404);
  });

  it('keeps its events’ chat and attendance for the days set, or for good (null); 0 is refused', async () => {
    const settings = `/api/labs/${labId}/settings`;
    const changed = await call('PUT', settings, superAdmin, {
      chat_retention_days: 30,
      attendance_retention_days: 36500,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ chat_retention_days: 30, attendance_retention_days: 36500 });
    expect((await call('GET', settings, superAdmin)).json()).toMatchObject({
      chat_retention_days: 30,
      attendance_retention_days: 36500,
      usage: { plan_minutes: 24000 },
    });
    // A change that leaves them out leaves them as they were.
    await call('PUT', settings, superAdmin, { plan_minutes: 24000 });
    expect((await call('GET', settings, superAdmin)).json()).toMatchObject({ chat_retention_days: 30 });

    for (const [field, days] of [
      ['chat_retention_days', 0],
      ['attendance_retention_days', 36501],
      ['chat_retention_days', 1.5],
    ] as const) {
      const refused = await call('PUT', settings, superAdmin, { [field]: days });
      expect(refused.statusCode, `${field}: ${days}`).toBe(400);
      expect(refused.json().detail).toContain(field);
      expect(refused.json().errors).toEqual([expect.objectContaining({ field })]);
    }
    const stored = await test.db
      .selectFrom('labs')
      .select(['chat_retention_days', 'attendance_retention_days'])
      .where('id', '=', labId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ chat_retention_days: 30, attendance_retention_days: 36500 });

    // Null keeps again; a new lab may be opened with a retention.
    const kept = await call('PUT', settings, superAdmin, { chat_retention_days: null });
    expect(kept.json()).toMatchObject({ chat_retention_days: null, attendance_retention_days: 36500 });
    const sud = await call(
      'POST',
      '/api/labs',
      superAdmin,
      nord({
        slug: 'lab-sud',
        admin: { email: 'sven.sud@sud.test', first_name: 'Sven', last_name: 'Sud' },
        chat_retention_days: 90,
        attendance_retention_days: null,
      }),
    );
    expect(sud.statusCode, sud.body).toBe(201);
    expect(sud.json()).toMatchObject({ chat_retention_days: 90, attendance_retention_days: null });
    const listed = (await call('GET', '/api/labs', superAdmin)).json() as { slug: string }[];
    expect(listed.find((lab) => lab.slug === 'lab-sud')).toMatchObject({ chat_retention_days: 90 });
  });

  it('is suspended: sign-in refused with a message, tokens stopped, running sessions ended; resumed, back', async () => {
    const event = await test.db
      .insertInto('events')
      .values({
        lab_id: labId,
        name: 'Running now',
        slug: 'running-now-nord',
        planned_start_date: new Date(Date.now() - 600_000),
        planned_end_date: new Date(Date.now() + 3_600_000),
        start_date: new Date(Date.now() - 300_000),
        active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const room = await test.db
      .insertInto('rooms')
      .values({ event_id: event.id, lab_id: labId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const guest = await enterRoomAs(test.db, app, {
      labId,
      eventId: event.id,
      roomId: room.id,
      role: 'participant',
      email: 'inside@nord.test',
    });
    const socket = await joinBySocket(wsUrl, guest.token, room.id, 'c-1');

    const suspended = await call('POST', `/api/labs/${labId}/suspend`, superAdmin);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().suspended_at).not.toBeNull();
    await socket.waitFor(
      (message) =>
        message.type === 'events' &&
        message.events.some((delivered) => delivered.event.type === 'SessionEnded'),
    );
    socket.close();

    expect((await call('GET', '/api/me', gretaToken)).statusCode).toBe(401);
    const refused = await login('greta.nord@nord.test', 'Greta-Nord-2026!');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(MESSAGES.labSuspended);
    // A wrong password still says only that: a suspension is told to who proves who they are.
    expect((await login('greta.nord@nord.test', 'wrong')).json().detail).toBe(MESSAGES.loginFailed);
    // Nobody suspends their own lab.
    expect((await call('POST', `/api/labs/${platformLab}/suspend`, superAdmin)).statusCode).toBe(409);

    const resumed = await call('POST', `/api/labs/${labId}/resume`, superAdmin);
    expect(resumed.json().suspended_at).toBeNull();
    expect((await login('greta.nord@nord.test', 'Greta-Nord-2026!')).statusCode).toBe(200);
  });
});
