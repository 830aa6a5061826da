// Calendar entries on a real PostgreSQL, job queue and SMTP server, read back with ical.js as a calendar
// would; guests without an account are written to in the language of the event's owner (English here): the invitation carries the guest's entry (METHOD:REQUEST, their link as its place); moving the
// event updates the same entry (same UID, higher SEQUENCE, new start) for every invited guest, with a
// fresh link; a save that changes nothing a calendar shows sends nothing; removing a guest and
// cancelling the event withdraw the entries (METHOD:CANCEL).
import { wallClock } from '@lablive/domain';
import {
  type Call,
  type CapturedMail,
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
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let mailed: MailedApp;
let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let token = '';
let mediaId = 0;

const inDays = (days: number) => wallClock(new Date(Date.now() + days * 86_400_000), 'Europe/Paris').day;

/** The mail's calendar file (the invite.ics attachment, base64 in the raw message) as a calendar reads it. */
function calendarOf(mail: CapturedMail) {
  const attachment =
    /Content-Type: application\/ics[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      mail.raw,
    )?.[1];
  if (attachment === undefined) throw new Error(`no calendar file in the mail to ${mail.to.join(', ')}`);
  const body = Buffer.from(attachment.replace(/\s/g, ''), 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(body));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    location: event.location,
    status: String(event.component.getFirstPropertyValue('status')),
    // The scheme's case is free (RFC 5545 3.3.3): ical-generator writes MAILTO for attendees.
    organizer: String(event.organizer).replace(/^mailto:/i, 'mailto:'),
    attendees: event.attendees.map((attendee) =>
      String(attendee.getFirstValue()).replace(/^mailto:/i, 'mailto:'),
    ),
  };
}

const linkIn = (mail: CapturedMail) =>
  /http:\/\/lablive\.test\/\?invitation=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0] ?? '';

beforeAll(async () => {
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  ({ test, smtp, app, call } = mailed);
  const labId = await createLab(test.db, 'Lab A');
  // Guests without an account read their lab's language (issue 28): English here.
  await test.db.updateTable('labs').set({ default_locale: 'en' }).where('id', '=', labId).execute();
  mediaId = await createMedia(test.db, { labId, name: 'Slides' });
  await createUser(test.db, {
    labId,
    email: 'anna@a.test',
    password: 'pw',
    role: 'admin',
    locale: 'en',
  });
  token = await signIn(app, 'anna@a.test', 'pw');
});

afterAll(async () => {
  await mailed.close();
});

describe('calendar entries', () => {
  it('invites with an entry, moves the same entry for every invited guest, and withdraws it', async () => {
    const form = (day: string, flags = true) => ({
      name: 'Oncology update',
      description: '<p>Latest <strong>data</strong> &amp; Q&amp;A</p>',
      rooms_needed: 1,
      medias: [mediaId],
      email_relaunch_J7: flags,
      email_relaunch_J1: false,
      email_relaunch_h1: false,
      date: day,
      start_time: '14:00',
      end_time: '16:00',
      default_timezone: 'Europe/Paris',
    });
    const created = await call('POST', '/api/events', token, form(inDays(20)));
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as number;
    const guests: Record<string, number> = {};
    for (const name of ['Gina', 'Hugo', 'Ivan']) {
      const added = await call('POST', '/api/participants', token, {
        event_id: eventId,
        email: `${name.toLowerCase()}@x.org`,
        name,
      });
      expect(added.statusCode).toBe(201);
      guests[name] = added.json().id;
    }
    // Gina and Hugo are invited; Ivan is on the list but never got an invitation (nor an entry).
    for (const name of ['Gina', 'Hugo']) {
      const invited = await call('POST', '/api/event-invitations', token, {
        participant: guests[name],
        event: eventId,
        role: 'participant',
      });
      expect(invited.statusCode).toBe(201);
    }
    const event = (await call('GET', `/api/events/${eventId}`, token)).json();
    const invitation = await smtp.waitForMail((m) => m.to.includes('gina@x.org'), 15_000);
    const entry = calendarOf(invitation);
    expect(entry).toMatchObject({
      method: 'REQUEST',
      summary: 'Oncology update',
      start: new Date(event.planned_start_date).toISOString(),
      end: new Date(event.planned_end_date).toISOString(),
      status: 'CONFIRMED',
      organizer: 'mailto:anna@a.test',
      attendees: ['mailto:gina@x.org'],
      location: linkIn(invitation),
    });
    expect(invitation.text).toContain('Latest data & Q&A');
    const hugoEntry = calendarOf(await smtp.waitForMail((m) => m.to.includes('hugo@x.org'), 15_000));
    expect(hugoEntry.uid).not.toBe(entry.uid);

    // A save that changes nothing a calendar shows (a reminder flag) sends no update.
    expect((await call('PUT', `/api/events/${eventId}`, token, form(inDays(20), false))).statusCode).toBe(
      200,
    );

    // Moved a week later, in the same second: the same entries, a higher version, the new start, a
    // fresh link that works.
    const moved = await call('PUT', `/api/events/${eventId}`, token, form(inDays(27)));
    expect(moved.statusCode).toBe(200);
    const update = await smtp.waitForMail(
      (m) => m.to.includes('gina@x.org') && m.text.includes('Updated: Oncology update'),
      15_000,
    );
    const updated = calendarOf(update);
    expect(updated).toMatchObject({
      method: 'REQUEST',
      uid: entry.uid,
      start: new Date(moved.json().planned_start_date).toISOString(),
      location: linkIn(update),
    });
    expect(updated.sequence).toBeGreaterThan(entry.sequence);
    expect(linkIn(update)).not.toBe(linkIn(invitation));
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { invitation: decodeURIComponent(linkIn(update).split('invitation=')[1] ?? '') },
    });
    expect(signedIn.statusCode).toBe(200);
    await smtp.waitForMail(
      (m) => m.to.includes('hugo@x.org') && m.text.includes('Updated: Oncology update'),
      15_000,
    );

    // Hugo is taken off the list: his entry is withdrawn.
    expect((await call('DELETE', `/api/participants/${guests.Hugo}`, token)).statusCode).toBe(204);
    const removal = await smtp.waitForMail(
      (m) => m.to.includes('hugo@x.org') && m.text.includes('Cancelled: Oncology update'),
      15_000,
    );
    expect(calendarOf(removal)).toMatchObject({ method: 'CANCEL', uid: hugoEntry.uid, status: 'CANCELLED' });

    // The event is cancelled: Gina's entry is withdrawn.
    expect((await call('DELETE', `/api/events/${eventId}`, token)).statusCode).toBe(204);
    const cancellation = await smtp.waitForMail(
      (m) => m.to.includes('gina@x.org') && m.text.includes('Cancelled: Oncology update'),
      15_000,
    );
    const withdrawn = calendarOf(cancellation);
    expect(withdrawn).toMatchObject({ method: 'CANCEL', uid: entry.uid, status: 'CANCELLED' });
    expect(withdrawn.sequence).toBeGreaterThan(updated.sequence);

    // Nothing was sent twice, and nothing to Ivan, who never had an entry.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(smtp.mails.filter((m) => m.to.includes('ivan@x.org'))).toHaveLength(0);
    expect(smtp.mails.filter((m) => m.to.includes('gina@x.org'))).toHaveLength(3);
    expect(smtp.mails.filter((m) => m.to.includes('hugo@x.org'))).toHaveLength(3);
  });
});
