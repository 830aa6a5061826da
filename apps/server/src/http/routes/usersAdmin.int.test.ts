// The back office's users over HTTP, on a real database, a real job queue and a real SMTP server (the
// testkit's capture): a new user receives a mail whose link sets the password they then sign in with
// (no administrator ever types it: ADR 0004); the form's rules naming the field; each lab seeing only its
// own users; who may do what (manage users, no role above one's own, nothing granted to oneself, never
// one's own last administrator role, never oneself removed); and a removal that deletes, or deactivates
// a user who owns events (they can no longer sign in, their sessions end, they leave the list).
import { MESSAGES, UNSTORABLE_TEXT_MESSAGE, USER_RULE_MESSAGES } from '@lablive/domain';
import {
  type Call,
  createEvent,
  createLab,
  createUser,
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
let labA: number;
let labB: number;
let adminId: number;
/** An admin of lab A. */
let admin: string;
/** Another admin of lab A. */
let secondAdmin: string;
/** Role user with manage users only, in lab A. */
let manager: string;
let managerId: number;
/** Lab A staff without manage users. */
let plainStaff: string;
let plainStaffId: number;
/** An admin of lab B. */
let adminB: string;
let cardiology: number;
let oncology: number;
let groupOfB: number;

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${++serial}@a.test`;

const newUser = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Camille',
  last_name: 'Martin',
  email: uniqueEmail('camille'),
  job: 'Medical science liaison',
  address: '12 rue des Lilas, Lyon',
  groups: [cardiology],
  ...overrides,
});

async function create(token: string, body: Record<string, unknown> = newUser()) {
  const response = await call('POST', '/api/users', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A staff account of lab A with a password, as the fixtures make them, and its token. */
async function staff(options: Omit<Parameters<typeof createUser>[1], 'labId' | 'email' | 'password'> = {}) {
  const email = uniqueEmail('staff');
  const id = await createUser(test.db, { labId: labA, email, password: 'pw-staff-1', ...options });
  return { id, email, token: await signIn(app, email, 'pw-staff-1') };
}

const listedIds = async (token: string, query = `lab_id=${labA}&_sort=id:ASC`) => {
  const response = await call('GET', `/api/users?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().map((user: { id: number }) => user.id);
};

async function group(labId: number, name: string): Promise<number> {
  const row = await test.db
    .insertInto('groups')
    .values({ lab_id: labId, name, picture_url: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

beforeAll(async () => {
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  ({ test, smtp, app, call } = mailed);
  labA = await createLab(test.db, 'Lab A', ['polls']);
  labB = await createLab(test.db, 'Lab B');
  adminId = await createUser(test.db, {
    labId: labA,
    email: 'admin@a.test',
    password: 'pw-admin-a',
    role: 'admin',
  });
  await createUser(test.db, { labId: labA, email: 'admin2@a.test', password: 'pw-admin-2', role: 'admin' });
  managerId = await createUser(test.db, {
    labId: labA,
    email: 'manager@a.test',
    password: 'pw-manager',
    permissions: ['manage_users'],
  });
  plainStaffId = await createUser(test.db, {
    labId: labA,
    email: 'staff@a.test',
    password: 'pw-staff-a',
    permissions: ['manage_events'],
  });
  await createUser(test.db, { labId: labB, email: 'admin@b.test', password: 'pw-admin-b', role: 'admin' });
  admin = await signIn(app, 'admin@a.test', 'pw-admin-a');
  secondAdmin = await signIn(app, 'admin2@a.test', 'pw-admin-2');
  manager = await signIn(app, 'manager@a.test', 'pw-manager');
  plainStaff = await signIn(app, 'staff@a.test', 'pw-staff-a');
  adminB = await signIn(app, 'admin@b.test', 'pw-admin-b');
  cardiology = await group(labA, 'Cardiology');
  oncology = await group(labA, 'Oncology');
  groupOfB = await group(labB, 'Secret group of B');
});

afterAll(async () => {
  await mailed.close();
});

describe('a new user', () => {
  it('is created without a password and receives a mail whose link sets the one they sign in with', async () => {
    const email = uniqueEmail('nadia.roux');
    const created = await create(admin, {
      ...newUser({ email, first_name: ' Nadia ', last_name: 'Roux' }),
      permissions: ['manage_events', 'manage_polls'],
      groups: [cardiology, oncology],
    });
    expect(created).toEqual({
      id: expect.any(Number),
      lab_id: labA,
      email,
      first_name: 'Nadia',
      last_name: 'Roux',
      job: 'Medical science liaison',
      address: '12 rue des Lilas, Lyon',
      therapeutic_area: null,
      avatar_url: null,
      locale: 'fr',
      roles: [{ id: expect.any(Number), name: 'user' }],
      permissions: ['manage_events', 'manage_polls'],
      groups: [
        { id: cardiology, name: 'Cardiology', color: '#3c7cff' },
        { id: oncology, name: 'Oncology', color: '#3c7cff' },
      ],
      active: true,
      pending_email: null,
    });
    const row = await test.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();

    // The mail: in the creating admin's language, naming who created the account and for which lab.
    const mail = await smtp.waitForMail((m) => m.to.includes(email), 20_000);
    expect(mail.raw).toContain('Subject: LabLive : choisissez votre mot de passe');
    expect(mail.text).toContain('Bonjour Nadia Roux,');
    expect(mail.text).toContain('Test admin vous a créé un compte LabLive pour Lab A.');
    expect(mail.text).toContain('valable 7 jours');
    const token = /http:\/\/lablive\.test\/reset\?token=([A-Za-z0-9_-]+)&welcome=1/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect((await login(email, 'her-own-password')).statusCode).toBe(401);

    const set = await app.inject({
      method: 'POST',
      url: `/api/change-password/${token}`,
      payload: { password: 'her-own-password' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const signedIn = await login(email, 'her-own-password');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      email,
      roles: ['user'],
      permissions: ['manage_events', 'manage_polls'],
      lab: { id: labA },
    });
    // The link works once.
    const again = await app.inject({
      method: 'POST',
      url: `/api/change-password/${token}`,
      payload: { password: 'someone-elses' },
    });
    expect(again.statusCode).toBe(401);

    // The mail log says what was sent, to whom, without the link.
    await expect
      .poll(
        () =>
          test.db
            .selectFrom('mail_log')
            .select(['kind', 'state', 'lab_id', 'subject'])
            .where('recipient', '=', email)
            .execute(),
        { timeout: 10_000 },
      )
      .toEqual([
        {
          kind: 'set_password',
          state: 'sent',
          lab_id: labA,
          subject: 'LabLive\u00a0: choisissez votre mot de passe',
        },
      ]);
  });

  it('gets the role the form names (user by default) among those GET roles lists', async () => {
    const roles = await call('GET', '/api/roles', admin);
    expect(roles.statusCode).toBe(200);
    expect(roles.json().map((role: { name: string }) => role.name)).toEqual(['admin', 'super-admin', 'user']);
    const made = await create(admin, newUser({ roles: ['admin'] }));
    expect(made.roles.map((role: { name: string }) => role.name)).toEqual(['admin']);
  });

  it('is created without groups in a lab that has none yet', async () => {
    const labC = await createLab(test.db, 'Lab C');
    await createUser(test.db, { labId: labC, email: 'admin@c.test', password: 'pw-admin-c', role: 'admin' });
    const adminC = await signIn(app, 'admin@c.test', 'pw-admin-c');
    const { groups: _, ...withoutGroups } = newUser({ email: 'first@c.test' });
    const made = await create(adminC, withoutGroups);
    expect(made.groups).toEqual([]);
    expect((await create(adminC, newUser({ email: 'second@c.test', groups: [] }))).groups).toEqual([]);
  });

  it('is refused when the form breaks a rule, naming the field, and then nothing is stored nor mailed', async () => {
    const taken = uniqueEmail('taken');
    await create(admin, newUser({ email: taken }));
    const cases = [
      [newUser({ email: 'not-an-address' }), 400, 'email', MESSAGES.invalidEmail],
      [newUser({ email: '   ' }), 400, 'email', MESSAGES.fieldRequired],
      [newUser({ first_name: ' ' }), 400, 'first_name', MESSAGES.fieldRequired],
      [newUser({ last_name: undefined }), 400, 'last_name', MESSAGES.fieldRequired],
      [newUser({ job: 'Bad\u0000job' }), 400, 'job', UNSTORABLE_TEXT_MESSAGE],
      [newUser({ address: 'Lone \ud800 surrogate' }), 400, 'address', UNSTORABLE_TEXT_MESSAGE],
      [newUser({ roles: ['emperor'] }), 400, 'roles.0', 'must be one of admin, super-admin, user'],
      [newUser({ permissions: ['launch_rockets'] }), 400, 'permissions.0', expect.any(String)],
      [newUser({ password: 'chosen-by-the-admin' }), 400, 'password', expect.stringContaining('mail')],
    ] as const;
    for (const [body, status, field, message] of cases) {
      const response = await call('POST', '/api/users', admin, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(status);
      expect(response.json().errors?.[0] ?? response.json(), field).toMatchObject({ field, message });
    }
    // The lab has groups: a new user joins one (the server knows the lab's groups, the schema does not).
    const { groups: _, ...withoutGroups } = newUser();
    for (const body of [withoutGroups, newUser({ groups: [] })]) {
      const response = await call('POST', '/api/users', admin, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().detail).toBe(`groups: ${MESSAGES.fieldRequired}`);
    }
    // An e-mail already used, whatever its case: 409 naming the field.
    const duplicate = await call('POST', '/api/users', admin, newUser({ email: taken.toUpperCase() }));
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(duplicate.json().detail).toMatch(/^email: /);
    // A group of another lab is no group of this one.
    const foreignGroup = await call('POST', '/api/users', admin, newUser({ groups: [cardiology, groupOfB] }));
    expect(foreignGroup.statusCode).toBe(400);
    expect(foreignGroup.json().detail).toBe(`groups: no group ${groupOfB} in your lab`);
    expect(foreignGroup.body).not.toContain('Secret group of B');

    const stored = await test.db.selectFrom('users').select('email').where('email', 'ilike', taken).execute();
    expect(stored).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === taken))).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to.includes('not-an-address'))).toHaveLength(0);
  });
});

describe("the lab's users", () => {
  it('are listed in id order with their roles, permissions, groups and active flag, as the spec asks', async () => {
    const made = await create(admin, newUser({ permissions: ['view_consumption'] }));
    const ids = await listedIds(admin);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([adminId, managerId, plainStaffId, made.id]));
    expect(await listedIds(admin, `lab_id=${labA}&_sort=id:DESC`)).toEqual([...ids].reverse());
    expect(await listedIds(admin, '')).toEqual(ids);
    const listed = (await call('GET', '/api/users', admin))
      .json()
      .find((user: { id: number }) => user.id === made.id);
    expect(listed).toMatchObject({
      permissions: ['view_consumption'],
      roles: [{ name: 'user' }],
      groups: [{ id: cardiology, name: 'Cardiology' }],
      active: true,
    });
    const badSort = await call('GET', '/api/users?_sort=password:ASC', admin);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors[0].field).toBe('_sort');
  });

  it("are edited by a manager: the account, roles, permissions and groups; the profile's own fields unchanged", async () => {
    const made = await create(admin);
    const edited = await call('PUT', `/api/users/${made.id}`, admin, {
      email: made.email,
      first_name: 'Camille',
      last_name: 'Martin-Durand',
      job: null,
      roles: ['admin'],
      permissions: ['manage_documents'],
      groups: [oncology],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      last_name: 'Martin-Durand',
      job: null,
      address: null,
      roles: [{ name: 'admin' }],
      permissions: ['manage_documents'],
      groups: [{ id: oncology }],
    });
    // The profile page's body (no roles, permissions or groups) leaves them as they are.
    const profileOnly = await call('PUT', `/api/users/${made.id}`, admin, {
      email: made.email,
      first_name: 'Camille',
      last_name: 'Martin',
    });
    expect(profileOnly.json()).toMatchObject({
      last_name: 'Martin',
      roles: [{ name: 'admin' }],
      permissions: ['manage_documents'],
      groups: [{ id: oncology }],
    });
    const foreign = await call('PUT', `/api/users/${made.id}`, admin, {
      email: made.email,
      first_name: 'C',
      last_name: 'M',
      groups: [groupOfB],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toMatch(/^groups: /);
    const taken = await call('PUT', `/api/users/${made.id}`, admin, {
      email: 'ADMIN@a.test',
      first_name: 'C',
      last_name: 'M',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toMatch(/^email: /);
  });
});

describe('each lab', () => {
  it("sees only its own users: another lab's answers 404, never its data", async () => {
    const ofA = await create(admin, newUser({ last_name: 'Secret of A' }));
    const listedByB = (await call('GET', '/api/users', adminB)).json();
    expect(JSON.stringify(listedByB)).not.toContain('Secret of A');
    for (const [method, url, body] of [
      ['GET', `/api/users/${ofA.id}`, undefined],
      ['PUT', `/api/users/${ofA.id}`, { email: 'taken-over@b.test', first_name: 'X', last_name: 'Y' }],
      ['DELETE', `/api/users/${ofA.id}`, undefined],
      ['GET', `/api/users?lab_id=${labA}`, undefined],
    ] as const) {
      const response = await call(method, url, adminB, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Secret of A');
    }
    const many = await call('POST', '/api/users/delete-multiple', adminB, { ids: [ofA.id] });
    expect(many.json()).toEqual({ removed: 0, deleted: [], deactivated: [] });
    expect((await call('GET', `/api/users/${ofA.id}`, admin)).json()).toMatchObject({
      last_name: 'Secret of A',
      active: true,
    });
    // B's groups are not A's to give, nor A's B's.
    const intoB = await call('POST', '/api/users', adminB, newUser({ groups: [cardiology] }));
    expect(intoB.statusCode).toBe(400);
  });
});

describe('who may manage users', () => {
  it('refuses staff without manage users (403, or 404 for a colleague) and guests', async () => {
    const colleague = await create(admin);
    for (const [method, url, body] of [
      ['GET', '/api/users', undefined],
      ['GET', '/api/roles', undefined],
      ['POST', '/api/users', newUser()],
      ['DELETE', `/api/users/${colleague.id}`, undefined],
      ['POST', '/api/users/delete-multiple', { ids: [colleague.id] }],
    ] as const) {
      const response = await call(method, url, plainStaff, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail).toBe(MESSAGES.notEnoughPermissions);
    }
    expect((await call('GET', `/api/users/${colleague.id}`, plainStaff)).statusCode).toBe(404);
    const edit = { email: colleague.email, first_name: 'X', last_name: 'Y' };
    expect((await call('PUT', `/api/users/${colleague.id}`, plainStaff, edit)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${colleague.id}`, admin)).json().first_name).toBe('Camille');

    // Their own profile, yes; their own permissions, no.
    const self = { email: 'staff@a.test', first_name: 'Sam', last_name: 'Staff' };
    expect((await call('PUT', `/api/users/${plainStaffId}`, plainStaff, self)).statusCode).toBe(200);
    const grant = await call('PUT', `/api/users/${plainStaffId}`, plainStaff, {
      ...self,
      permissions: ['manage_events', 'manage_users'],
    });
    expect(grant.statusCode).toBe(403);
    const me = (await call('GET', `/api/users/${plainStaffId}`, plainStaff)).json();
    expect(me.permissions).toEqual(['manage_events']);
  });

  it('lets a manager give only what they hold, never touch someone above them, nor grant themselves', async () => {
    // A manager (role user, manage users) adds a colleague with manage users...
    const made = await create(manager, newUser({ permissions: ['manage_users'] }));
    expect(made.permissions).toEqual(['manage_users']);
    // ...but not a permission they lack, nor an admin.
    const more = await call('POST', '/api/users', manager, newUser({ permissions: ['manage_events'] }));
    expect(more.statusCode).toBe(403);
    expect(more.json().detail).toMatch(/^permissions: .*manage_events/);
    const anAdmin = await call('POST', '/api/users', manager, newUser({ roles: ['admin'] }));
    expect(anAdmin.statusCode).toBe(403);
    expect(anAdmin.json().detail).toMatch(/^roles: /);
    // An admin is above them: no edit (an e-mail changed would let them reset the admin's password).
    const takeover = await call('PUT', `/api/users/${adminId}`, manager, {
      email: 'manager-owned@a.test',
      first_name: 'A',
      last_name: 'B',
    });
    expect(takeover.statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${adminId}`, manager)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/users/delete-multiple', manager, { ids: [made.id, adminId] })).statusCode,
    ).toBe(403);
    expect(await listedIds(admin)).toContain(made.id);
    // Nor to themselves.
    const self = await call('PUT', `/api/users/${managerId}`, manager, {
      email: 'manager@a.test',
      first_name: 'M',
      last_name: 'Anager',
      roles: ['admin'],
    });
    expect(self.statusCode).toBe(403);
    // No one makes a super-admin but a super-admin.
    const superAdmin = await call('POST', '/api/users', admin, newUser({ roles: ['super-admin'] }));
    expect(superAdmin.statusCode).toBe(403);
    // Another manager's colleague of the same rank: yes.
    const renamed = await call('PUT', `/api/users/${made.id}`, manager, {
      email: made.email,
      first_name: 'Renamed',
      last_name: 'By the manager',
      permissions: [],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ first_name: 'Renamed', permissions: [] });
  });
});

describe('taking over an account (issue 26)', () => {
  it('refuses a user manager any change to a same-role colleague who holds more permissions', async () => {
    // The colleague manages events; the manager only users. Changing the colleague's e-mail, then
    // resetting the password there, would sign the manager in with manage events.
    const colleague = await staff({ permissions: ['manage_events', 'manage_users'] });
    const body = { email: 'manager-owned@x.org', first_name: 'Test', last_name: 'Colleague' };
    const takeover = await call('PUT', `/api/users/${colleague.id}`, manager, body);
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().detail).toBe(USER_RULE_MESSAGES.holdsMore);
    // Nor taking the permission they lack away, nor removing the account.
    const stripped = await call('PUT', `/api/users/${colleague.id}`, manager, {
      ...body,
      email: colleague.email,
      permissions: ['manage_users'],
    });
    expect(stripped.statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${colleague.id}`, manager)).statusCode).toBe(403);
    const row = await test.db
      .selectFrom('users')
      .select(['email', 'deactivated_at'])
      .where('id', '=', colleague.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: colleague.email, deactivated_at: null });
    expect(await test.db.selectFrom('email_changes').selectAll().execute()).toEqual([]);
    // Who holds as much (an admin) may.
    const byAdmin = await call('PUT', `/api/users/${colleague.id}`, admin, {
      ...body,
      email: colleague.email,
      permissions: ['manage_users'],
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('takes nobody a permission the caller does not hold, even from an account holding no more', async () => {
    // The manager holds manage users only; a colleague holding nothing beyond it gets it taken away.
    const colleague = await staff({ permissions: ['manage_users'] });
    const response = await call('PUT', `/api/users/${colleague.id}`, manager, {
      email: colleague.email,
      first_name: 'T',
      last_name: 'C',
      permissions: [],
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a change of e-mail address (issue 26)', () => {
  const confirmLink = (text: string) =>
    /http:\/\/lablive\.test\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it("never makes a user an invited guest by typing the guest's address: it waits for the link sent there", async () => {
    const user = await staff();
    const { eventId } = await createEvent(test.db, { labId: labA, slug: 'private-guest', isPublic: false });
    await test.db
      .insertInto('participants')
      .values({
        event_id: eventId,
        lab_id: labA,
        email: 'dr.guest@hospital.test',
        name: 'Dr Guest',
        role: 'animator',
      })
      .execute();
    const changed = await call('PUT', `/api/users/${user.id}`, user.token, {
      email: 'Dr.Guest@hospital.test',
      first_name: 'Test',
      last_name: 'User',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: user.email, pending_email: 'Dr.Guest@hospital.test' });
    // Still themself: the private event is not theirs to see, nor its rooms to join.
    expect((await call('GET', `/api/events/${eventId}`, user.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}/joinroom`, user.token)).statusCode).toBe(404);
    expect((await login('dr.guest@hospital.test', 'pw-staff-1')).statusCode).toBe(401);
    // The guest's mailbox gets the link (which only the guest could follow); the account's, a notice.
    const link = await smtp.waitForMail((m) => m.to.includes('Dr.Guest@hospital.test'), 20_000);
    expect(link.text).toContain('Test staff');
    expect(confirmLink(link.text)).toBeDefined();
    const notice = await smtp.waitForMail(
      (m) => m.to.includes(user.email) && m.text.includes('Dr.Guest@hospital.test'),
      20_000,
    );
    expect(notice.raw).toContain('Subject: LabLive : changement de votre adresse de connexion');
  });

  it('takes effect once the link is followed: the new address signs in, the old one no more', async () => {
    const user = await staff();
    const next = uniqueEmail('moved');
    const changed = await call('PUT', `/api/users/${user.id}`, user.token, {
      email: next,
      first_name: 'Test',
      last_name: 'Moved',
    });
    expect(changed.json()).toMatchObject({ email: user.email, last_name: 'Moved', pending_email: next });
    const mail = await smtp.waitForMail((m) => m.to.includes(next), 20_000);
    const token = confirmLink(mail.text);
    const confirm = (value = token) => app.inject({ method: 'POST', url: `/api/confirm-email/${value}` });
    expect((await confirm('not-a-token')).statusCode).toBe(404);
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: next });
    expect((await login(next, 'pw-staff-1')).statusCode).toBe(200);
    expect((await login(user.email, 'pw-staff-1')).statusCode).toBe(401);
    // The link works once.
    expect((await confirm()).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${user.id}`, admin)).json()).toMatchObject({
      email: next,
      pending_email: null,
    });
  });

  it("sends a manager's change of a colleague's address to the new address too", async () => {
    const colleague = await staff();
    const next = uniqueEmail('colleague-moved');
    const changed = await call('PUT', `/api/users/${colleague.id}`, manager, {
      email: next,
      first_name: 'Test',
      last_name: 'Colleague',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: colleague.email, pending_email: next });
    const mail = await smtp.waitForMail((m) => m.to.includes(next), 20_000);
    expect(mail.text).toContain('Test manager');
    await expect
      .poll(
        () =>
          test.db
            .selectFrom('mail_log')
            .select(['kind', 'recipient'])
            .where('kind', 'in', ['email_change', 'email_change_notice'])
            .where('recipient', 'in', [next, colleague.email])
            .orderBy('kind')
            .execute(),
        { timeout: 10_000 },
      )
      .toEqual([
        { kind: 'email_change', recipient: next },
        { kind: 'email_change_notice', recipient: colleague.email },
      ]);
  });
});

describe('an administrator', () => {
  it('cannot remove their own last administrator role (409 naming it); another admin can', async () => {
    const lone = await staff({ role: 'admin' });
    const body = { email: lone.email, first_name: 'Lone', last_name: 'Admin' };
    const demoted = await call('PUT', `/api/users/${lone.id}`, lone.token, { ...body, roles: ['user'] });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toMatchObject({ code: 'conflict' });
    expect(demoted.json().detail).toContain('your own last administrator role');
    // Granting themselves anything is refused too, even an admin.
    const granted = await call('PUT', `/api/users/${lone.id}`, lone.token, {
      ...body,
      roles: ['admin', 'super-admin'],
    });
    expect(granted.statusCode).toBe(403);
    // Keeping the role while editing their profile is fine.
    const kept = await call('PUT', `/api/users/${lone.id}`, lone.token, { ...body, roles: ['admin'] });
    expect(kept.statusCode, kept.body).toBe(200);
    // Another admin may take it away.
    const byOther = await call('PUT', `/api/users/${lone.id}`, secondAdmin, { ...body, roles: ['user'] });
    expect(byOther.statusCode, byOther.body).toBe(200);
    expect(byOther.json().roles).toMatchObject([{ name: 'user' }]);
  });

  it('never deletes nor deactivates themselves', async () => {
    const self = await call('DELETE', `/api/users/${adminId}`, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toBe('You cannot delete or deactivate your own account.');
    const other = await create(admin);
    const many = await call('POST', '/api/users/delete-multiple', admin, { ids: [other.id, adminId] });
    expect(many.statusCode).toBe(409);
    expect(await listedIds(admin)).toEqual(expect.arrayContaining([adminId, other.id]));
    const inactive = await call('PUT', `/api/users/${adminId}`, admin, {
      email: 'admin@a.test',
      first_name: 'Test',
      last_name: 'admin',
      active: false,
    });
    expect(inactive.statusCode).toBe(409);
  });
});

describe('removing a user', () => {
  it('deletes one who owns no event', async () => {
    const target = await staff();
    const removed = await call('DELETE', `/api/users/${target.id}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ id: target.id, outcome: 'deleted' });
    const row = await test.db.selectFrom('users').select('id').where('id', '=', target.id).executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await call('GET', `/api/users/${target.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${target.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/me', target.token)).statusCode).toBe(401);
  });

  it('deactivates one who owns events: no sign-in, sessions ended, out of the list unless asked', async () => {
    const owner = await staff({ permissions: ['manage_events'] });
    const { eventId } = await createEvent(test.db, { labId: labA, ownerId: owner.id, slug: 'owned-1' });
    expect((await call('GET', '/api/me', owner.token)).statusCode).toBe(200);

    const removed = await call('DELETE', `/api/users/${owner.id}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ id: owner.id, outcome: 'deactivated' });

    // The session ends at once, a new one cannot start, a reset mail is not sent.
    expect((await call('GET', '/api/me', owner.token)).statusCode).toBe(401);
    expect((await login(owner.email, 'pw-staff-1')).statusCode).toBe(401);
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: owner.email },
    });
    expect(forgot.statusCode).toBeLessThan(300);
    // The event keeps its owner.
    const event = await test.db
      .selectFrom('events')
      .select('owner_id')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(event.owner_id).toBe(owner.id);
    // Out of the list, unless asked for; still readable, as inactive.
    expect(await listedIds(admin)).not.toContain(owner.id);
    const all = (await call('GET', '/api/users?include_deactivated=true', admin)).json();
    expect(all.find((user: { id: number }) => user.id === owner.id)).toMatchObject({ active: false });
    expect((await call('GET', `/api/users/${owner.id}`, admin)).json()).toMatchObject({ active: false });

    // An admin may let them in again.
    const back = await call('PUT', `/api/users/${owner.id}`, admin, {
      email: owner.email,
      first_name: 'Test',
      last_name: 'Back',
      active: true,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ active: true });
    expect((await login(owner.email, 'pw-staff-1')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(0);
  });

  it('several at once: each deleted or deactivated, counting only the lab’s own', async () => {
    const plain = await staff();
    const owner = await staff();
    await createEvent(test.db, { labId: labA, ownerId: owner.id, slug: 'owned-2' });
    const ofB = await createUser(test.db, { labId: labB, email: uniqueEmail('b'), password: 'pw' });
    const response = await call('POST', '/api/users/delete-multiple', admin, {
      ids: [plain.id, owner.id, ofB, 987654],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ removed: 2, deleted: [plain.id], deactivated: [owner.id] });
    const ids = await listedIds(admin);
    expect(ids).not.toContain(plain.id);
    expect(ids).not.toContain(owner.id);
    expect(await listedIds(adminB, '')).toContain(ofB);
    const none = await call('POST', '/api/users/delete-multiple', admin, { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('ids');
  });
});
