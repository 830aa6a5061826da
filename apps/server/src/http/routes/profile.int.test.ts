// PUT /api/users/{id} as the profile page uses it: a user changes their own names, position and address,
// and asks for a new e-mail (it takes effect once confirmed); the e-mail must be valid and stay unique; a colleague's account is theirs to change only with
// manage users, and another lab's is not found.
import {
  buildTestApp,
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
const ids = { ann: 0, bob: 0, admin: 0, other: 0 };
const tokens = { ann: '', bob: '', admin: '' };

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  const labId = await createLab(test.db, 'Lab A');
  const otherLab = await createLab(test.db, 'Lab B');
  ids.ann = await createUser(test.db, { labId, email: 'ann@a.test', password: 'pw-ann-12' });
  ids.bob = await createUser(test.db, { labId, email: 'bob@a.test', password: 'pw-bob-12' });
  ids.admin = await createUser(test.db, {
    labId,
    email: 'admin@a.test',
    password: 'pw-admin-1',
    role: 'admin',
  });
  ids.other = await createUser(test.db, { labId: otherLab, email: 'other@b.test', password: 'pw-other-1' });
  tokens.ann = await signIn(app, 'ann@a.test', 'pw-ann-12');
  tokens.bob = await signIn(app, 'bob@a.test', 'pw-bob-12');
  tokens.admin = await signIn(app, 'admin@a.test', 'pw-admin-1');
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const put = (token: string, userId: number, payload: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: `/api/users/${userId}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

const profile = {
  email: 'ann.martin@a.test',
  first_name: 'Ann',
  last_name: 'Martin',
  job: 'Medical science liaison',
  address: '12 rue de la Paix, Paris',
};

describe('the profile', () => {
  it('saves a user’s own names, position and address; a new e-mail waits for its confirmation link', async () => {
    const response = await put(tokens.ann, ids.ann, { ...profile, email: '  Ann.Martin@A.test ' });
    expect(response.statusCode).toBe(200);
    // The address is a claim until its owner follows the link mailed to it (usersAdmin.int.test.ts).
    expect(response.json()).toMatchObject({
      ...profile,
      email: 'ann@a.test',
      pending_email: 'Ann.Martin@A.test',
      id: ids.ann,
    });
    expect(await signIn(app, 'ann@a.test', 'pw-ann-12')).not.toBe('');
    // Blank optional fields are "not given".
    const cleared = await put(tokens.ann, ids.ann, { ...profile, job: '  ', address: '' });
    expect(cleared.json()).toMatchObject({ job: null, address: null });
  });

  it('refuses a missing name, a malformed e-mail and text PostgreSQL cannot store, naming the field', async () => {
    const noName = await put(tokens.ann, ids.ann, { ...profile, first_name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('first_name');
    const badEmail = await put(tokens.ann, ids.ann, { ...profile, email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('email');
    const nul = await put(tokens.ann, ids.ann, { ...profile, address: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.body).toContain('address');
  });

  it('keeps e-mails unique, whatever their case', async () => {
    const taken = await put(tokens.ann, ids.ann, { ...profile, email: 'BOB@a.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('already used');
    const row = await test.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', ids.ann)
      .executeTakeFirst();
    expect(row?.email.toLowerCase()).not.toBe('bob@a.test');
  });

  it('lets only a user manager change a colleague, and never across labs', async () => {
    expect((await put(tokens.bob, ids.ann, { ...profile, email: 'x@a.test' })).statusCode).toBe(404);
    const byAdmin = await put(tokens.admin, ids.bob, {
      ...profile,
      email: 'robert@a.test',
      first_name: 'Robert',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      first_name: 'Robert',
      email: 'bob@a.test',
      pending_email: 'robert@a.test',
    });
    const otherLab = await put(tokens.admin, ids.other, { ...profile, email: 'y@b.test' });
    expect(otherLab.statusCode).toBe(404);
    const other = await test.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', ids.other)
      .executeTakeFirst();
    expect(other?.email).toBe('other@b.test');
  });
});
