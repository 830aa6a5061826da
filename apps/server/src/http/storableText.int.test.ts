// Text PostgreSQL cannot store (a NUL, an unpaired surrogate) in any field of the calls that used to
// answer 500 with it: a 400 naming the field, with or without sign-in, and the server carries on.
import { LAB_MODULES } from '@lablive/domain';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  SAMPLE_PHARMACOVIGILANCE_REPORT,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let token: string;
let roomId: number;
let eventId: number;
let pollId: number;

const report = SAMPLE_PHARMACOVIGILANCE_REPORT;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  const labId = await createLab(test.db, 'Lab A', LAB_MODULES);
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw-admin-1', role: 'admin' });
  const event = await createEvent(test.db, { labId, slug: 'text-1' });
  eventId = event.eventId;
  roomId = event.roomIds[0] ?? 0;
  token = await signIn(app, 'admin@a.test', 'pw-admin-1');
  const poll = await app.inject({
    method: 'POST',
    url: '/api/polls',
    headers: { authorization: `Bearer ${token}` },
    payload: { question: 'Which one?', options: ['A', 'B'], active: false },
  });
  expect(poll.statusCode).toBe(201);
  pollId = poll.json().id;
  const participated = await app.inject({
    method: 'POST',
    url: '/api/participants',
    headers: { authorization: `Bearer ${token}` },
    payload: { event_id: eventId, email: 'admin@a.test', room_id: roomId },
  });
  expect(participated.statusCode).toBe(201);
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

/** Sends the JSON text as it is, so `\\ud800` arrives as an unpaired surrogate. */
const send = (method: 'POST' | 'PUT', url: string, json: string, withToken = true) =>
  app.inject({
    method,
    url,
    headers: {
      'content-type': 'application/json',
      ...(withToken ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: json,
  });

const BAD = [
  ['NUL', '\\u0000'],
  ['unpaired surrogate', '\\ud800'],
] as const;

describe('text PostgreSQL cannot store', () => {
  it.each(BAD)(
    'is refused with a 400 naming the field on every call that stored it (%s)',
    async (_name, bad) => {
      const cases: Array<[string, 'POST' | 'PUT', string, string, boolean]> = [
        ['password', 'POST', '/api/login', `{"email":"admin@a.test","password":"pw${bad}"}`, false],
        [
          'firstName',
          'POST',
          '/api/login',
          `{"firstName":"G${bad}","lastName":"U","email":"g@x.org","eventSlug":"text-1","isPublic":true}`,
          false,
        ],
        [
          'name',
          'POST',
          '/api/participants',
          `{"event_id":${eventId},"email":"p@x.org","name":"P${bad}"}`,
          true,
        ],
        ['options.1', 'POST', '/api/polls', `{"question":"Q?","options":["A","B${bad}"]}`, true],
        ['question', 'PUT', `/api/polls/${pollId}`, `{"question":"Q${bad}?","options":["A","B"]}`, true],
        [
          'drug_name',
          'POST',
          '/api/pharmacovigilance-report',
          JSON.stringify({ ...report, room_id: roomId }).replace('"Cardiozol"', `"Cardio${bad}zol"`),
          true,
        ],
      ];
      for (const [field, method, url, json, withToken] of cases) {
        const response = await send(method, url, json, withToken);
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json(), `${method} ${url}`).toMatchObject({
          code: 'validation',
          detail: `${field}: must not contain NUL characters or unpaired UTF-16 surrogates`,
          errors: [{ field }],
        });
      }
      // Nothing was stored, and the same calls with good text still work.
      expect(await test.db.selectFrom('pharmacovigilance_reports').select('id').execute()).toEqual([]);
      const good = await send(
        'POST',
        '/api/login',
        '{"email":"admin@a.test","password":"pw-admin-1"}',
        false,
      );
      expect(good.statusCode).toBe(200);
    },
  );

  it('names a bad key, a bad query value and a bad path segment too', async () => {
    const key = await send(
      'POST',
      '/api/participants',
      `{"event_id":${eventId},"email":"k@x.org","\\u0000":1}`,
    );
    expect(key.json()).toMatchObject({ code: 'validation', errors: [{ field: '\u0000' }] });
    const query = await app.inject({
      method: 'GET',
      url: '/api/participants?email=a%00b%40x.org',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(query.json()).toMatchObject({ code: 'validation', errors: [{ field: 'querystring.email' }] });
    const path = await app.inject({
      method: 'POST',
      url: '/api/change-password/ab%00cd',
      payload: { password: 'long-enough-1' },
    });
    expect(path.json()).toMatchObject({ code: 'validation', errors: [{ field: 'params.token' }] });
  });
});
