// A media's mail templates written through the API (issue 28) on a real PostgreSQL and SMTP server: a
// German invitation template saved, previewed from the sample event, and then the wording of the next
// German invitation of an event showing the media; removed, the mails go back to LabLive's wording.
// Refused: an unknown placeholder, a subject on two lines, a body too long, unstorable text; another
// lab's media, a shared media, staff who may not manage events.
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
const tokens = { admin: '', other: '', user: '' };
let quiz = 0;
let shared = 0;

const german = {
  subject: 'Quiz {{event}}: Sie sind dran',
  body: 'Hallo {{name}},\n\nDas Quiz beginnt am {{date}}.\nIhr Link: {{link}}\nKalender: {{calendarLink}}',
};

const slot = (mediaId: number, kind = 'invitation', locale = 'de') =>
  `/api/medias/${mediaId}/email-templates/${kind}/${locale}`;

async function inviteGuest(email: string): Promise<number> {
  const event = await call('POST', '/api/events', tokens.admin, {
    name: 'Onkologie aktuell',
    rooms_needed: 1,
    medias: [quiz],
    date: '2027-03-02',
    start_time: '14:00',
    end_time: '16:00',
    default_timezone: 'Europe/Berlin',
  });
  expect(event.statusCode).toBe(201);
  const guest = await call('POST', '/api/participants', tokens.admin, {
    event_id: event.json().id,
    email,
    name: 'Greta',
  });
  const invited = await call('POST', '/api/event-invitations', tokens.admin, {
    participant: guest.json().id,
    event: event.json().id,
  });
  expect(invited.statusCode).toBe(201);
  return event.json().id;
}

beforeAll(async () => {
  mailed = await startMailedApp();
  ({ test, smtp, app, call } = mailed);
  const labId = await createLab(test.db, 'Lab Berlin');
  // The lab's guests read German by default; its days are Berlin's.
  await test.db
    .updateTable('labs')
    .set({ default_locale: 'de', time_zone: 'Europe/Berlin' })
    .where('id', '=', labId)
    .execute();
  const otherLab = await createLab(test.db, 'Lab Other');
  quiz = await createMedia(test.db, { labId, name: 'Quiz' });
  shared = await createMedia(test.db, { labId: null, name: 'Shared' });
  await createUser(test.db, { labId, email: 'admin@b.test', password: 'pw', role: 'admin', locale: 'de' });
  await createUser(test.db, { labId, email: 'user@b.test', password: 'pw', role: 'user' });
  await createUser(test.db, { labId: otherLab, email: 'admin@o.test', password: 'pw', role: 'admin' });
  tokens.admin = await signIn(app, 'admin@b.test', 'pw');
  tokens.user = await signIn(app, 'user@b.test', 'pw');
  tokens.other = await signIn(app, 'admin@o.test', 'pw');
});

afterAll(async () => {
  await mailed.close();
});

describe("a media's mail templates", () => {
  it('previews a template filled from the sample event, in the lab time zone', async () => {
    const preview = await call('POST', `${slot(quiz)}/preview`, tokens.admin, german);
    expect(preview.statusCode).toBe(200);
    const { subject, text, html } = preview.json();
    expect(subject).toBe('Quiz Beispielveranstaltung: Sie sind dran');
    expect(text).toContain('Hallo Erika Mustermann,');
    // A week from today at 14:00 in Berlin, written as the real mails write it.
    expect(text).toMatch(/Das Quiz beginnt am \w+, \d+\. \w+ \d{4} um 14:00 \(.+, Europe\/Berlin\)\./);
    expect(text).toContain('Ihr Link: http://lablive.test/sample-invitation-link');
    expect(html).toContain('<a href="http://lablive.test/sample-invitation-link">');
    // Nothing is saved by a preview.
    expect((await call('GET', `/api/medias/${quiz}/email-templates`, tokens.admin)).json()).toEqual([]);
  });

  it('words the next German invitation once saved, and LabLive again once removed', async () => {
    const saved = await call('PUT', slot(quiz), tokens.admin, german);
    expect(saved.statusCode).toBe(200);
    // Saved twice: still one template for the kind and language.
    await call('PUT', slot(quiz), tokens.admin, { ...german, subject: `${german.subject}!` });
    await call('PUT', slot(quiz), tokens.admin, german);
    const listed = await call('GET', `/api/medias/${quiz}/email-templates`, tokens.admin);
    expect(listed.json()).toEqual([{ kind: 'invitation', locale: 'de', ...german }]);

    const eventId = await inviteGuest('greta@x.org');
    const mail = await smtp.waitForMail((m) => m.to.includes('greta@x.org'));
    const log = (await call('GET', `/api/events/${eventId}/mails`, tokens.admin)).json();
    expect(log[0].subject).toBe('Quiz Onkologie aktuell: Sie sind dran');
    expect(mail.text).toContain('Hallo Greta,');
    expect(mail.text).toContain('Das Quiz beginnt am Dienstag, 2. März 2027 um 14:00');

    expect((await call('DELETE', slot(quiz), tokens.admin)).statusCode).toBe(204);
    expect((await call('DELETE', slot(quiz), tokens.admin)).statusCode).toBe(404);
    const after = await inviteGuest('hans@x.org');
    await smtp.waitForMail((m) => m.to.includes('hans@x.org'));
    const again = (await call('GET', `/api/events/${after}/mails`, tokens.admin)).json();
    expect(again[0].subject).not.toContain('Sie sind dran');
  });

  it('refuses a template it could not send as written, naming the field', async () => {
    const cases = [
      [{ ...german, body: 'Hallo {{nme}}' }, 'body', 'uses a placeholder'],
      [{ ...german, subject: 'Zeile eins\nZeile zwei' }, 'subject', 'single line'],
      [{ ...german, body: 'x'.repeat(10_001) }, 'body', 'at most 10000'],
      [{ ...german, body: 'Hallo \u0000' }, 'body', 'NUL'],
      [{ ...german, subject: '  ' }, 'subject', 'must not be empty'],
    ] as const;
    for (const [body, field, words] of cases) {
      for (const url of [slot(quiz), `${slot(quiz)}/preview`]) {
        const refused = await call(url.endsWith('preview') ? 'POST' : 'PUT', url, tokens.admin, body);
        expect(refused.statusCode, `${field} ${words}`).toBe(400);
        expect(refused.json().detail).toMatch(new RegExp(`^${field}: .*${words}`));
      }
    }
    expect((await call('PUT', slot(quiz, 'password_reset'), tokens.admin, german)).statusCode).toBe(400);
    expect((await call('PUT', slot(quiz, 'invitation', 'it'), tokens.admin, german)).statusCode).toBe(400);
  });

  it("keeps to who may manage the media: not another lab's, not a shared one, not without manage events", async () => {
    expect((await call('PUT', slot(quiz), tokens.other, german)).statusCode).toBe(404);
    expect((await call('POST', `${slot(quiz)}/preview`, tokens.other, german)).statusCode).toBe(404);
    expect((await call('GET', `/api/medias/${quiz}/email-templates`, tokens.other)).statusCode).toBe(404);
    expect((await call('PUT', slot(shared), tokens.admin, german)).statusCode).toBe(403);
    expect((await call('PUT', slot(quiz), tokens.user, german)).statusCode).toBe(403);
    expect((await call('DELETE', slot(quiz, 'reminder', 'fr'), tokens.user)).statusCode).toBe(403);
  });
});
