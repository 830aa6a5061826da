// The calendar page's calls on a real PostgreSQL and SMTP server, from the link of a real invitation
// mail: the guest's event, the calendar file (read back with ical.js: the same entry as the mail's), a
// fresh personal link that signs in, and the room choice kept to the event's staff. A key made for
// another guest, or changed by a character, is refused.
import {
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
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let mailed: MailedApp;
let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let admin = '';
let event = { eventId: 0, roomIds: [] as number[] };
const guests: Record<string, number> = {};
const links: Record<string, { event: number; participant: number; key: string }> = {};

/** Adds a guest, invites them, and reads the calendar link of their invitation mail. */
async function invite(email: string, name: string, role: string) {
  const added = await call('POST', '/api/participants', admin, {
    event_id: event.eventId,
    email,
    name,
    role,
    room_id: event.roomIds[0],
  });
  expect(added.statusCode).toBe(201);
  const id = added.json().id as number;
  expect(
    (await call('POST', '/api/event-invitations', admin, { participant: id, event: event.eventId, role }))
      .statusCode,
  ).toBe(201);
  const mail = await smtp.waitForMail((m) => m.to.includes(email));
  const link = /http:\/\/lablive\.test\/\?calendar&e=(\d+)&i=(\d+)&k=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(link).not.toBeNull();
  guests[name] = id;
  links[name] = { event: Number(link?.[1]), participant: Number(link?.[2]), key: link?.[3] ?? '' };
}

const page = (link: { event: number; participant: number; key: string }) =>
  app.inject({
    method: 'GET',
    url: `/api/participants/calendar?event=${link.event}&participant=${link.participant}&key=${link.key}`,
  });

beforeAll(async () => {
  mailed = await startMailedApp();
  ({ test, smtp, app, call } = mailed);
  const labId = await createLab(test.db, 'Lab A');
  const adminId = await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw', role: 'admin' });
  admin = await signIn(app, 'admin@a.test', 'pw');
  event = await createEvent(test.db, { labId, slug: 'calendar-page', rooms: 2, ownerId: adminId });
  await test.db
    .updateTable('events')
    .set({
      planned_start_date: new Date('2027-01-12T13:00:00Z'),
      planned_end_date: new Date('2027-01-12T15:00:00Z'),
    })
    .where('id', '=', event.eventId)
    .execute();
  await invite('gina@x.org', 'Gina', 'participant');
  await invite('ann@x.org', 'Ann', 'animator');
  await invite('admin@a.test', 'Adele Admin', 'participant');
});

afterAll(async () => {
  await mailed.close();
});

describe('the calendar page', () => {
  it("shows the guest their event, without the staff's room choice or the public link", async () => {
    const response = await page(links.Gina ?? { event: 0, participant: 0, key: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      participant: { id: guests.Gina, name: 'Gina', role: 'participant' },
      event: {
        id: event.eventId,
        name: 'Event calendar-page',
        planned_start_date: '2027-01-12T13:00:00.000Z',
        planned_end_date: '2027-01-12T15:00:00.000Z',
        ended: false,
      },
      rooms: [],
      publicLink: null,
    });
  });

  it('gives the staff the rooms to pick from, and the lab admin the public link', async () => {
    expect(
      (await page(links.Ann ?? links.Gina ?? { event: 0, participant: 0, key: '' })).json().rooms,
    ).toHaveLength(2);
    const adminPage = (await page(links['Adele Admin'] ?? { event: 0, participant: 0, key: '' })).json();
    expect(adminPage.rooms).toHaveLength(2);
    expect(adminPage.publicLink).toBe('http://lablive.test/calendar-page');
  });

  it('refuses a key changed by a character, or used for another guest', async () => {
    const gina = links.Gina ?? { event: 0, participant: 0, key: '' };
    const changed = `${gina.key.slice(0, -1)}${gina.key.endsWith('A') ? 'B' : 'A'}`;
    const tampered = await page({ ...gina, key: changed });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().detail).toBe('This calendar link is not valid: open the one in your mail.');
    expect((await page({ ...gina, participant: guests.Ann ?? 0 })).statusCode).toBe(403);
    const file = await app.inject({
      method: 'POST',
      url: '/api/participants/calendar/add-event',
      payload: { ...gina, participant: guests.Ann },
    });
    expect(file.statusCode).toBe(403);
  });

  it("answers the guest's calendar file: the entry of their mails, with a personal link that signs in", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/participants/calendar/add-event',
      payload: links.Gina,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.headers['content-disposition']).toBe('attachment; filename="calendar-page.ics"');
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const entry = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(entry.uid).toBe(`lablive-event-${event.eventId}-guest-${guests.Gina}@lablive`);
    expect(entry.startDate.toJSDate().toISOString()).toBe('2027-01-12T13:00:00.000Z');
    const token = decodeURIComponent(entry.location.split('invitation=')[1] ?? '');
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { invitation: token } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.participation).toMatchObject({ id: guests.Gina });
  });

  it('gives a fresh personal link to go to the event', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/participants/calendar/join',
      payload: links.Gina,
    });
    expect(response.statusCode).toBe(200);
    const token = decodeURIComponent(response.json().url.split('invitation=')[1] ?? '');
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { invitation: token } });
    expect(login.statusCode).toBe(200);
  });

  it('lets the animator pick a room of the event, and not a participant', async () => {
    const room = event.roomIds[1];
    const chosen = await app.inject({
      method: 'PUT',
      url: '/api/participants/calendar/room',
      payload: { ...links.Ann, room_id: room },
    });
    expect(chosen.statusCode).toBe(204);
    expect((await page(links.Ann ?? { event: 0, participant: 0, key: '' })).json().participant.room_id).toBe(
      room,
    );
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/participants/calendar/room',
      payload: { ...links.Gina, room_id: room },
    });
    expect(refused.statusCode).toBe(403);
    const elsewhere = await app.inject({
      method: 'PUT',
      url: '/api/participants/calendar/room',
      payload: { ...links.Ann, room_id: 999_999 },
    });
    expect(elsewhere.statusCode).toBe(400);
  });
});
