// Mails through the job queue against a real SMTP server that refuses for a while: the invitation is
// answered at once, its mail is retried until the server accepts it, and it arrives exactly once; the
// event's mail log says so. A mail the server keeps refusing ends failed in the log, with the server's
// answer.
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  type MailedApp,
  type SmtpCapture,
  signIn,
  startMailedApp,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './mailer.ts';

let mailed: MailedApp;
let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let manager = '';
let eventId = 0;

beforeAll(async () => {
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  ({ test, smtp, app, call } = mailed);
  const labId = await createLab(test.db, 'Lab A');
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw', role: 'admin' });
  manager = await signIn(app, 'admin@a.test', 'pw');
  eventId = (await createEvent(test.db, { labId, slug: 'queued-mail', rooms: 1 })).eventId;
});

afterAll(async () => {
  await mailed.close();
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

    // The event's mail log: one invitation to Lea, sent at the third attempt.
    await expect
      .poll(async () => (await call('GET', `/api/events/${eventId}/mails`, manager)).json(), {
        timeout: 10_000,
      })
      .toMatchObject([
        {
          kind: 'invitation',
          recipient: 'late-smtp@x.org',
          subject: 'Invitation\u00a0: Event queued-mail',
          participant_id: guest.json().id,
          state: 'sent',
          attempts: 3,
          last_error: null,
        },
      ]);
  });

  it('keeps the mail log from users who may not change the event', async () => {
    const labId = (await test.db.selectFrom('labs').select('id').executeTakeFirstOrThrow()).id;
    await createUser(test.db, { labId, email: 'plain@a.test', password: 'pw', role: 'user' });
    const plain = await signIn(app, 'plain@a.test', 'pw');
    expect((await call('GET', `/api/events/${eventId}/mails`, plain)).statusCode).toBe(403);
    const otherLab = await createLab(test.db, 'Lab B');
    await createUser(test.db, { labId: otherLab, email: 'admin@b.test', password: 'pw', role: 'admin' });
    const stranger = await signIn(app, 'admin@b.test', 'pw');
    expect((await call('GET', `/api/events/${eventId}/mails`, stranger)).statusCode).toBe(404);
  });
});

describe('a mail the server keeps refusing', () => {
  let failing: TestDatabase;
  let failingApp: FastifyInstance;

  beforeAll(async () => {
    failing = await createTestDatabase();
    failingApp = await buildTestApp(failing, {
      mailer: createSmtpMailer(smtp.url, 'LabLive <no-reply@lablive.test>'),
      jobs: { retryDelaySeconds: 1, retryLimit: 1 },
    });
  });

  afterAll(async () => {
    await failingApp.close();
    await failing.drop();
  });

  it("is kept as failed in the log, with the mail server's answer, after its last attempt", async () => {
    const labId = await createLab(failing.db, 'Lab F');
    await createUser(failing.db, { labId, email: 'admin@f.test', password: 'pw', role: 'admin' });
    const admin = await signIn(failingApp, 'admin@f.test', 'pw');
    const failingCall = caller(failingApp);
    const event = (await createEvent(failing.db, { labId, slug: 'refused-mail', rooms: 1 })).eventId;
    const guest = await failingCall('POST', '/api/participants', admin, {
      event_id: event,
      email: 'never@x.org',
      name: 'Nora Never',
    });
    smtp.refuseNext(2);
    expect(
      (await failingCall('POST', '/api/event-invitations', admin, { participant: guest.json().id, event }))
        .statusCode,
    ).toBe(201);
    await expect
      .poll(async () => (await failingCall('GET', `/api/events/${event}/mails`, admin)).json()[0]?.state, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe('failed');
    const [entry] = (await failingCall('GET', `/api/events/${event}/mails`, admin)).json();
    expect(entry).toMatchObject({ recipient: 'never@x.org', kind: 'invitation', attempts: 2 });
    expect(entry.last_error).toContain('Service not available');
    expect(smtp.mails.filter((m) => m.to.includes('never@x.org'))).toHaveLength(0);
  });
});
