// Reminders as jobs on a real PostgreSQL and SMTP server, with two instances working the queue: an
// event with its three reminders and five guests schedules fifteen jobs at the right instants; moving
// the event replaces them with those of the new date; removing a guest removes theirs; with the clock
// moved forward (the test switch, testClock.ts) every due reminder arrives once, with the new date and
// a personal link. Cancelling an event removes its reminders and sends its invited guests a CANCEL.
import { reminderInstant, wallClock } from '@lablive/domain';
import {
  buildTestApp,
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
import { makeRemindersDue } from '@lablive/testkit/testClock';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../mail/mailer.ts';

let mailed: MailedApp;
let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let secondInstance: FastifyInstance;
let call: Call;
let token = '';
let mediaId = 0;

const inDays = (days: number) => wallClock(new Date(Date.now() + days * 86_400_000), 'Europe/Paris').day;

async function reminderJobs(eventId: number) {
  const result = await sql<{
    start_after: Date;
    data: { kind: string; plannedStart: string; participantId: number };
  }>`
    select start_after, data from pgboss.job
    where name = 'reminder-send' and (data->>'eventId')::int = ${eventId}`.execute(test.db);
  return result.rows;
}

const form = (name: string, day: string) => ({
  name,
  rooms_needed: 1,
  medias: [mediaId],
  email_relaunch_J7: true,
  email_relaunch_J1: true,
  email_relaunch_h1: true,
  date: day,
  start_time: '14:00',
  end_time: '16:00',
  default_timezone: 'Europe/Paris',
});

async function eventWithGuests(
  name: string,
  day: string,
  guests: number,
): Promise<{ id: number; guests: number[] }> {
  const created = await call('POST', '/api/events', token, form(name, day));
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  const ids: number[] = [];
  for (let i = 0; i < guests; i++) {
    const guest = await call('POST', '/api/participants', token, {
      event_id: id,
      email: `${name.toLowerCase().replace(/\W/g, '')}-${i}@x.org`,
      name: `Guest ${i}`,
    });
    expect(guest.statusCode).toBe(201);
    ids.push(guest.json().id);
  }
  return { id, guests: ids };
}

beforeAll(async () => {
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  ({ test, smtp, app, call } = mailed);
  // A second instance on the same database, both working the queues: each job must still run once.
  secondInstance = await buildTestApp(test, {
    mailer: createSmtpMailer(smtp.url, 'LabLive <no-reply@lablive.test>'),
    jobs: { retryDelaySeconds: 1 },
  });
  const labId = await createLab(test.db, 'Lab A');
  mediaId = await createMedia(test.db, { labId, name: 'Slides' });
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw', role: 'admin' });
  token = await signIn(app, 'admin@a.test', 'pw');
});

afterAll(async () => {
  await secondInstance.close();
  await mailed.close();
});

describe('reminders', () => {
  it('schedules one job per guest and reminder, follows a move and a removal, and sends each due one once', async () => {
    const event = await eventWithGuests('Oncology update', inDays(10), 5);
    const details = (await call('GET', `/api/events/${event.id}`, token)).json();
    const jobs = await reminderJobs(event.id);
    expect(jobs).toHaveLength(15);
    for (const kind of ['j7', 'j1', 'h1'] as const) {
      const due = reminderInstant(details, kind).getTime();
      expect(jobs.filter((job) => job.data.kind === kind).map((job) => job.start_after.getTime())).toEqual(
        Array(5).fill(due),
      );
    }

    // Moved a day later: the fifteen jobs are those of the new start, none of the old one is left.
    const moved = await call('PUT', `/api/events/${event.id}`, token, form('Oncology update', inDays(11)));
    expect(moved.statusCode).toBe(200);
    const newStart = moved.json().planned_start_date as string;
    const afterMove = await reminderJobs(event.id);
    expect(afterMove).toHaveLength(15);
    expect(afterMove.every((job) => job.data.plannedStart === newStart)).toBe(true);

    // Guest 4 is removed: their three reminders go with them.
    const removed = event.guests[4] ?? 0;
    expect((await call('DELETE', `/api/participants/${removed}`, token)).statusCode).toBe(204);
    const afterRemoval = await reminderJobs(event.id);
    expect(afterRemoval).toHaveLength(12);
    expect(afterRemoval.some((job) => job.data.participantId === removed)).toBe(false);

    // The clock moves forward: every reminder is due now, and two instances work the queue.
    expect(await makeRemindersDue(test.url, event.id)).toBe(12);
    const about = (mail: { text: string }) => mail.text.includes('Oncology update');
    await expect.poll(() => smtp.mails.filter(about).length, { timeout: 30_000, interval: 250 }).toBe(12);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const reminders = smtp.mails.filter(about);
    // Once each: four guests, three reminders.
    expect(reminders).toHaveLength(12);
    const newDay = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', timeZone: 'Europe/Paris' }).format(
      new Date(newStart),
    );
    for (const mail of reminders) expect(mail.text).toContain('Rappel');
    expect(reminders.every((mail) => mail.text.includes(` ${newDay} `))).toBe(true);
    expect(new Set(reminders.map((mail) => mail.to[0])).size).toBe(4);
    expect(reminders.every((mail) => /\?calendar&e=\d+&i=\d+&k=/.test(mail.text))).toBe(true);
  });

  it('schedules the reminders of someone who adds themself as a guest, as of any guest', async () => {
    const event = await eventWithGuests('Self service', inDays(9), 0);
    const added = await call('POST', '/api/participants', token, {
      event_id: event.id,
      email: 'admin@a.test',
      name: 'Ada Admin',
    });
    expect(added.statusCode).toBe(201);
    const jobs = await reminderJobs(event.id);
    expect(jobs.map((job) => [job.data.participantId, job.data.kind]).sort()).toEqual(
      ['h1', 'j1', 'j7'].map((kind) => [added.json().id, kind]),
    );
  });

  it('gives each reminder due at once its own single-use link', async () => {
    const event = await eventWithGuests('Link check', inDays(14), 1);
    const participant = event.guests[0] ?? 0;
    expect(
      (await call('POST', '/api/event-invitations', token, { participant, event: event.id })).statusCode,
    ).toBe(201);
    expect(await makeRemindersDue(test.url, event.id)).toBe(3);
    const reminders = () =>
      smtp.mails.filter((mail) => mail.text.includes('Link check') && mail.text.includes('Rappel'));
    await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(3);
    const links = reminders().map((mail) => /\?invitation=([\w-]+)/.exec(mail.text)?.[1]);
    expect(links.every((link) => link !== undefined)).toBe(true);
    expect(new Set(links).size).toBe(3);
  });

  it("words the reminders due together by each event's media: its template where it has one, LabLive's elsewhere", async () => {
    const labId = (await test.db.selectFrom('labs').select('id').executeTakeFirstOrThrow()).id;
    const quiz = await createMedia(test.db, { labId, name: 'Quiz' });
    await test.db
      .insertInto('email_templates')
      .values({
        lab_id: labId,
        media_id: quiz,
        tag: 'reminder',
        locale: 'fr',
        subject: 'Bientôt : {{event}}',
        body: 'Bonjour {{name}},\n\nLe quiz {{event}} commence le {{date}}.\nVotre lien : {{link}}',
      })
      .execute();
    const withTemplate = await eventWithGuests('Quiz night', inDays(13), 2);
    const plain = await eventWithGuests('Plain talk', inDays(13), 2);
    const quizForm = {
      ...form('Quiz night', inDays(13)),
      medias: [quiz],
      email_relaunch_J7: false,
      email_relaunch_J1: false,
    };
    expect((await call('PUT', `/api/events/${withTemplate.id}`, token, quizForm)).statusCode).toBe(200);
    expect(await makeRemindersDue(test.url, withTemplate.id)).toBe(2);
    expect(await makeRemindersDue(test.url, plain.id)).toBe(6);

    const of = (name: string) => smtp.mails.filter((mail) => mail.text.includes(name));
    await expect.poll(() => of('Quiz night').length + of('Plain talk').length, { timeout: 30_000 }).toBe(8);
    for (const mail of of('Quiz night')) {
      expect(mail.text).toMatch(
        /Bonjour Guest \d,\r\n\r\nLe quiz Quiz night commence le [^\r\n]+ 14:00 \([^\r\n]+\)\.\r\nVotre lien : http:\/\/\S+/,
      );
      expect(mail.text).not.toContain('Rappel');
      expect(mail.raw).toContain('Subject: =?UTF-8?Q?Bient=C3=B4t?= : Quiz night\r\n');
    }
    for (const mail of of('Plain talk')) expect(mail.text).toContain('Rappel');
  });

  it('removes the reminders of a cancelled event, and sends its invited guests a cancellation', async () => {
    const event = await eventWithGuests('Cardiology brief', inDays(12), 2);
    for (const participant of event.guests) {
      expect(
        (await call('POST', '/api/event-invitations', token, { participant, event: event.id })).statusCode,
      ).toBe(201);
    }
    expect(await reminderJobs(event.id)).toHaveLength(6);
    expect((await call('DELETE', `/api/events/${event.id}`, token)).statusCode).toBe(204);
    expect(await reminderJobs(event.id)).toHaveLength(0);
    for (const to of ['cardiologybrief-0@x.org', 'cardiologybrief-1@x.org']) {
      const cancellation = await smtp.waitForMail(
        (m) => m.to.includes(to) && /method=CANCEL/.test(m.raw),
        15_000,
      );
      expect(cancellation.text).toContain('«\u202fCardiology brief\u202f»');
      expect(cancellation.text).toContain('est annulé');
    }
  });
});
