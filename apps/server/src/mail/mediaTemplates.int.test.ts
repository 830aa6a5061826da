// A media's own mail template on a real PostgreSQL and SMTP server: an event using the media mails its
// invitation in the template's wording, placeholders filled (the personal link signs in); an event
// without it, or a guest reading another language, gets LabLive's own wording.
import {
  type Call,
  createLab,
  createMedia,
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
let admin = '';
let quiz = 0;
let slides = 0;

async function invite(mediaId: number, email: string): Promise<number> {
  const event = await call('POST', '/api/events', admin, {
    name: 'Oncology update',
    rooms_needed: 1,
    medias: [mediaId],
    date: '2027-03-02',
    start_time: '14:00',
    end_time: '16:00',
    default_timezone: 'Europe/Paris',
  });
  expect(event.statusCode).toBe(201);
  const guest = await call('POST', '/api/participants', admin, {
    event_id: event.json().id,
    email,
    name: 'Gina',
  });
  const invited = await call('POST', '/api/event-invitations', admin, {
    participant: guest.json().id,
    event: event.json().id,
  });
  expect(invited.statusCode).toBe(201);
  return event.json().id;
}

/** The subject the mail log keeps for the event's mail (the header itself is RFC 2047 encoded). */
const subjectOf = async (eventId: number) =>
  (await call('GET', `/api/events/${eventId}/mails`, admin)).json()[0]?.subject;

beforeAll(async () => {
  mailed = await startMailedApp();
  ({ test, smtp, app, call } = mailed);
  const labId = await createLab(test.db, 'Lab A');
  quiz = await createMedia(test.db, { labId, name: 'Quiz' });
  slides = await createMedia(test.db, { labId, name: 'Slides' });
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw', role: 'admin', locale: 'fr' });
  admin = await signIn(app, 'admin@a.test', 'pw');
  await test.db
    .insertInto('email_templates')
    .values({
      lab_id: labId,
      media_id: quiz,
      tag: 'invitation',
      locale: 'fr',
      subject: 'Quiz {{event}} : à vous de jouer',
      body: 'Bonjour {{name}},\n\nLe quiz commence le {{date}}.\nVotre lien : {{link}}\n\nVotre agenda : {{calendarLink}}',
    })
    .execute();
});

afterAll(async () => {
  await mailed.close();
});

describe("a media's own mail template", () => {
  it('is listed for its media', async () => {
    const listed = await call('GET', `/api/email-templates?media=${quiz}`, admin);
    expect(listed.json()).toMatchObject([{ media_id: quiz, email_tag: { tag: 'invitation' }, locale: 'fr' }]);
  });

  it('words the invitation of an event using the media, its placeholders filled', async () => {
    const eventId = await invite(quiz, 'gina@x.org');
    const mail = await smtp.waitForMail((m) => m.to.includes('gina@x.org'));
    expect(await subjectOf(eventId)).toBe('Quiz Oncology update : à vous de jouer');
    expect(mail.text).toContain('Bonjour Gina,');
    expect(mail.text).toContain(
      'Le quiz commence le mardi 2 mars 2027 à 14:00 (heure normale d’Europe centrale, Europe/Paris).',
    );
    expect(mail.text).toMatch(/\?calendar&e=\d+&i=\d+&k=/);
    expect(mail.text).toMatch(/Votre lien : http:\/\/lablive\.test\/\?invitation=[\w%-]+/);
    const token = /\?invitation=([\w%-]+)/.exec(mail.text)?.[1] ?? '';
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { invitation: decodeURIComponent(token) },
    });
    expect(login.statusCode).toBe(200);
    // Still an invitation: the calendar entry goes with it.
    expect(mail.raw).toContain('method=REQUEST');
  });

  it("leaves LabLive's wording to an event without the media", async () => {
    const eventId = await invite(slides, 'hugo@x.org');
    const mail = await smtp.waitForMail((m) => m.to.includes('hugo@x.org'));
    expect(await subjectOf(eventId)).toBe('Invitation\u00a0: Oncology update');
    expect(mail.text).toContain('Bonjour Gina,');
    expect(mail.text).not.toContain('Le quiz commence');
  });
});
