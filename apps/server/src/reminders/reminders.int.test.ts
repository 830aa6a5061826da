// Reminders as jobs on a real PostgreSQL and SMTP server: an event with its three reminders and five
// guests schedules fifteen jobs at the right instants; moving the event schedules the new ones, and the
// jobs of the old date, once due, send nothing; the due reminders arrive once each with the new date.
// Time is moved forward the one way pg-boss knows it: the jobs' start_after (a test switch only).

import { reminderInstant, wallClock } from '@lablive/domain';
import {
  buildTestApp,
  type Call,
  caller,
  createLab,
  createMedia,
  createTestDatabase,
  createUser,
  type SmtpCapture,
  signIn,
  startSmtpCapture,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let token = '';
let mediaId = 0;

const inDays = (days: number) => wallClock(new Date(Date.now() + days * 86_400_000), 'Europe/Paris').day;

async function reminderJobs(eventId: number) {
  const result = await sql<{ start_after: Date; data: { kind: string; plannedStart: string } }>`
    select start_after, data from pgboss.job
    where name = 'reminder-send' and (data->>'eventId')::int = ${eventId}`.execute(test.db);
  return result.rows;
}

beforeAll(async () => {
  test = await createTestDatabase();
  smtp = await startSmtpCapture();
  app = await buildTestApp(test, {
    mailer: createSmtpMailer(smtp.url, 'LabLive <no-reply@lablive.test>'),
    jobs: { retryDelaySeconds: 1 },
  });
  call = caller(app);
  const labId = await createLab(test.db, 'Lab A');
  mediaId = await createMedia(test.db, { labId, name: 'Slides' });
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw', role: 'admin' });
  token = await signIn(app, 'admin@a.test', 'pw');
});

afterAll(async () => {
  await app.close();
  await smtp.close();
  await test.drop();
});

describe('reminders', () => {
  it('schedules one job per guest and reminder, follows a move, and sends each due one once with the new date', async () => {
    const form = (day: string) => ({
      name: 'Oncology update',
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
    const created = await call('POST', '/api/events', token, form(inDays(10)));
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as number;
    for (let i = 0; i < 5; i++) {
      const guest = await call('POST', '/api/participants', token, {
        event_id: eventId,
        email: `guest${i}@x.org`,
        name: `Guest ${i}`,
      });
      expect(guest.statusCode).toBe(201);
    }
    const event = (await call('GET', `/api/events/${eventId}`, token)).json();
    const jobs = await reminderJobs(eventId);
    expect(jobs).toHaveLength(15);
    for (const kind of ['j7', 'j1', 'h1'] as const) {
      const due = reminderInstant(event, kind).getTime();
      expect(jobs.filter((job) => job.data.kind === kind).map((job) => job.start_after.getTime())).toEqual(
        Array(5).fill(due),
      );
    }

    // Moved a day later: fifteen new jobs for the new start.
    const moved = await call('PUT', `/api/events/${eventId}`, token, form(inDays(11)));
    expect(moved.statusCode).toBe(200);
    const newStart = moved.json().planned_start_date as string;
    const all = await reminderJobs(eventId);
    expect(all).toHaveLength(30);
    expect(all.filter((job) => job.data.plannedStart === newStart)).toHaveLength(15);

    // Time passes: every reminder, of the old date and of the new, is due now.
    await sql`update pgboss.job set start_after = now()
      where name = 'reminder-send' and (data->>'eventId')::int = ${eventId}`.execute(test.db);
    await expect
      .poll(() => smtp.mails.filter((mail) => mail.text.includes('Oncology update')).length, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(15);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const reminders = smtp.mails.filter((mail) => mail.text.includes('Oncology update'));
    // Once each: five guests, three reminders; none from the jobs of the old date.
    expect(reminders).toHaveLength(15);
    const newDay = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', timeZone: 'Europe/Paris' }).format(
      new Date(newStart),
    );
    for (const mail of reminders) expect(mail.text).toContain(`Rappel`);
    expect(reminders.every((mail) => mail.text.includes(` ${newDay} `))).toBe(true);
    expect(new Set(reminders.map((mail) => mail.to[0])).size).toBe(5);
  });
});
