// A used personal link's way back (issue 26, finding 5), over HTTP on a real database, with mail through
// the job queue to a real SMTP server: the guest's used invitation link asks for a fresh one, which
// arrives at their address in their language and time zone and signs them in; an unknown link and a
// closed event's get the same answer and no mail; one link, or one address, is slowed with a 429.
import {
  buildTestApp,
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
import { createSmtpMailer } from '../mail/mailer.ts';

let mailed: MailedApp;
let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let labId = 0;
let ownerId = 0;
let admin = '';

const START = new Date('2027-03-09T13:30:00Z');
const resend = (token: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/personal-links/resend', payload: { token }, remoteAddress });
const login = (invitation: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { invitation } });
const tokenIn = (text: string) =>
  decodeURIComponent(/http:\/\/lablive\.test\/\?invitation=([A-Za-z0-9%_-]+)/.exec(text)?.[1] ?? '');
const personalLinkMails = async (participantId: number) =>
  (
    await test.db
      .selectFrom('mail_log')
      .select(['kind', 'recipient', 'subject'])
      .where('kind', '=', 'personal_link')
      .where('participant_id', '=', participantId)
      .execute()
  ).length;

/** A guest of a new event, invited through the API, and the token of their invitation mail's link. */
async function invitedGuest(slug: string, email: string) {
  const { eventId, roomIds } = await createEvent(test.db, { labId, slug, ownerId });
  await test.db
    .updateTable('events')
    .set({ planned_start_date: START, planned_end_date: new Date(START.getTime() + 3_600_000) })
    .where('id', '=', eventId)
    .execute();
  const added = await call('POST', '/api/participants', admin, {
    event_id: eventId,
    email,
    name: 'Nora Neumann',
    room_id: roomIds[0],
    timezone: 'America/New_York',
  });
  expect(added.statusCode, added.body).toBe(201);
  const participantId = added.json().id as number;
  const invited = await call('POST', '/api/event-invitations', admin, {
    participant: participantId,
    event: eventId,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = await smtp.waitForMail((m) => m.to.includes(email) && m.text.includes('Einladung'));
  return { eventId, participantId, token: tokenIn(mail.text) };
}

beforeAll(async () => {
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  ({ test, smtp, app, call } = mailed);
  labId = await createLab(test.db, 'Lab A');
  // Guests without an account are written to in their lab's language (issue 28), German here.
  await test.db.updateTable('labs').set({ default_locale: 'de' }).where('id', '=', labId).execute();
  ownerId = await createUser(test.db, {
    labId,
    email: 'owner@a.test',
    password: 'pw',
    role: 'admin',
    locale: 'de',
  });
  admin = await signIn(app, 'owner@a.test', 'pw');
});

afterAll(async () => {
  await mailed.close();
});

describe('POST /api/personal-links/resend', () => {
  it("mails a used link's guest a fresh one, in their language and time zone, which signs them in", async () => {
    const guest = await invitedGuest('renewed-link', 'nora@x.org');
    expect((await login(guest.token)).statusCode).toBe(200);
    expect((await login(guest.token)).statusCode).toBe(401);

    const answer = await resend(guest.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ sucess: true });
    const mail = await smtp.waitForMail((m) => m.to.includes('nora@x.org') && m.text.includes('neuer'));
    expect(mail.text).toContain('Subject: Ihr neuer Link: Event renewed-link');
    expect(mail.text).toContain('Hallo Nora Neumann,');
    // 13:30 UTC is 8:30 in New York (on standard time until 14 March).
    const when = new Intl.DateTimeFormat('de', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'America/New_York',
    }).format(START);
    expect(when).toContain('08:30');
    expect(mail.text).toContain(when);
    expect(mail.text).toMatch(/http:\/\/lablive\.test\/\?calendar&e=\d+&i=\d+&k=[\w-]+/);

    const fresh = tokenIn(mail.text);
    expect(fresh).not.toBe(guest.token);
    const signedIn = await login(fresh);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().event_id).toBe(guest.eventId);
    expect(signedIn.json().user.participation).toMatchObject({ id: guest.participantId });
    // The fresh link is single-use too; the old one stays used.
    expect((await login(fresh)).statusCode).toBe(401);
    expect((await login(guest.token)).statusCode).toBe(401);
    expect(await personalLinkMails(guest.participantId)).toBe(1);
  });

  it('answers the same for a link never issued, and for a closed event, and mails nothing', async () => {
    const guest = await invitedGuest('closed-link', 'otto@x.org');
    await test.db
      .updateTable('events')
      .set({ end_date: new Date(), active: false })
      .where('id', '=', guest.eventId)
      .execute();
    const known = await resend(guest.token);
    const unknown = await resend('a-link-that-was-never-issued');
    for (const answer of [known, unknown]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ sucess: true });
    }
    // The mail log's row is written with the mail's job: none was queued.
    expect(await personalLinkMails(guest.participantId)).toBe(0);
    expect(
      (await test.db.selectFrom('mail_log').select('id').where('kind', '=', 'personal_link').execute())
        .length,
    ).toBe(1);
  });

  it('slows one link asked again and again, from any address, with a clear 429', async () => {
    const guest = await invitedGuest('hammered-link', 'hugo@x.org');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await resend(guest.token, `10.0.0.${i + 1}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await resend(guest.token, '10.0.0.9');
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.json().detail).toMatch(/^Too many attempts with this link\. Try again in \d+ min\.$/);
    // An unknown link is counted the same way: the limit tells nothing either.
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++)
      unknown.push((await resend('never-issued-either', `10.0.1.${i + 1}`)).statusCode);
    expect(unknown).toEqual([200, 200, 200, 429]);
    expect(await personalLinkMails(guest.participantId)).toBe(3);
  });

  it('slows one address asking for many links with 429', async () => {
    const limited = await buildTestApp(test, {
      mailer: createSmtpMailer(smtp.url, 'x@lablive.test'),
      loginRateLimitPerMinute: 3,
    });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (
          await limited.inject({
            method: 'POST',
            url: '/api/personal-links/resend',
            payload: { token: `unknown-${i}` },
          })
        ).statusCode,
      );
    }
    const refused = await limited.inject({
      method: 'POST',
      url: '/api/personal-links/resend',
      payload: { token: 'unknown-5' },
    });
    await limited.close();
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect(refused.json().detail).toMatch(/^Too many attempts\. Try again in \d+ s\.$/);
  });
});
