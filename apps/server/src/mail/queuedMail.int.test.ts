// Mails through the job queue against a real SMTP server that refuses for a while: the invitation is
// answered at once, its mail is retried until the server accepts it, and it arrives exactly once.
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  type SmtpCapture,
  signIn,
  startSmtpCapture,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './mailer.ts';

let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let manager = '';
let eventId = 0;

beforeAll(async () => {
  test = await createTestDatabase();
  smtp = await startSmtpCapture();
  app = await buildTestApp(test, {
    mailer: createSmtpMailer(smtp.url, 'LabLive <no-reply@lablive.test>'),
    jobs: { retryDelaySeconds: 1 },
  });
  call = caller(app);
  const labId = await createLab(test.db, 'Lab A');
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw', role: 'admin' });
  manager = await signIn(app, 'admin@a.test', 'pw');
  eventId = (await createEvent(test.db, { labId, slug: 'queued-mail', rooms: 1 })).eventId;
});

afterAll(async () => {
  await app.close();
  await smtp.close();
  await test.drop();
});

describe('mail through the job queue', () => {
  it('delivers an invitation once, after the mail server has refused it twice', async () => {
    smtp.refuseNext(2);
    const guest = await call('POST', '/api/participants', manager, {
      event_id: eventId,
      email: 'late-smtp@x.org',
      name: 'Lea Late',
    });
    expect(guest.statusCode).toBe(201);
    const invited = await call('POST', '/api/event-invitations', manager, {
      participant: guest.json().id,
      event: eventId,
    });
    // Answered at once: the mail is queued with the invitation, not waited for.
    expect(invited.statusCode).toBe(201);
    expect(invited.json().mailed).toBe(true);

    const mail = await smtp.waitForMail((m) => m.to.includes('late-smtp@x.org'), 30_000);
    expect(mail.text).toContain('?invitation=');
    expect(smtp.refused()).toBe(2);
    // Nothing more comes: one job, one mail.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(smtp.mails.filter((m) => m.to.includes('late-smtp@x.org'))).toHaveLength(1);
  });
});
