// GET /api/labs/{id} answers each caller what their rights allow: the theme and modules to everyone of
// the lab, the purchased minutes only to holders of view consumption (admins hold every permission).
import {
  buildTestApp,
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
let labId: number;
const tokens = { plain: '', consumption: '', admin: '', guest: '' };

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  labId = await createLab(test.db, 'Lab A', ['polls']);
  await test.db.updateTable('labs').set({ plan_minutes: 6000 }).where('id', '=', labId).execute();
  await createUser(test.db, { labId, email: 'plain@a.test', password: 'pw-plain-1' });
  await createUser(test.db, {
    labId,
    email: 'consumption@a.test',
    password: 'pw-consumption-1',
    permissions: ['view_consumption'],
  });
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw-admin-1', role: 'admin' });
  await createEvent(test.db, { labId, slug: 'lab-view-1' });
  for (const who of ['plain', 'consumption', 'admin'] as const) {
    tokens[who] = await signIn(app, `${who}@a.test`, `pw-${who}-1`);
  }
  const guest = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { firstName: 'G', lastName: 'U', email: 'g@x.org', eventSlug: 'lab-view-1', isPublic: true },
  });
  tokens.guest = guest.json().token;
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const lab = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/labs/${labId}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();

describe('GET /api/labs/{id}', () => {
  it('shows the purchased minutes to holders of view consumption and admins only', async () => {
    expect(await lab(tokens.consumption)).toMatchObject({ id: labId, plan_minutes: 6000 });
    expect(await lab(tokens.admin)).toMatchObject({ plan_minutes: 6000 });
    for (const who of ['plain', 'guest'] as const) {
      const view = await lab(tokens[who]);
      expect(view, who).toMatchObject({
        id: labId,
        name: 'Lab A',
        primary_color: '#112233',
        modules: [{ name: 'polls' }],
      });
      expect(view, who).not.toHaveProperty('plan_minutes');
    }
  });
});
