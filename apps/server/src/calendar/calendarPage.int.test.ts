// The calendar page's calls on a real PostgreSQL and SMTP server, from the link of a real invitation
// mail: the guest's event, the calendar file (read back with ical.js: the same entry as the mail's), a
// fresh personal link that signs in, and the room choice kept to the event's staff. A key made for
// another guest, changed by a character, or spelled any other way than the server writes it, is refused.
// The calls that hand out a sign-in link are slowed per link and per address, and stop once the event
// is over.
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
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../mail/mailer.ts';

let mailed: MailedApp;
let labId = 0;
let adminId = 0;
let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let admin = '';
let event = { eventId: 0, roomIds: [] as number[] };
const guests: Record<string, number> = {};
const links: Record<string, { event: number; participant: number; key: string }> = {};

/** Adds a guest, invites them, and reads the calendar link of their invitation mail. */
async function invite(email: string, name: string, role: string, to = event) {
  const added = await call('POST', '/api/participants', admin, {
    event_id: to.eventId,
    email,
    name,
    role,
    room_id: to.roomIds[0],
  });
  expect(added.statusCode).toBe(201);
  const id = added.json().id as number;
  expect(
    (await call('POST', '/api/event-invitations', admin, { participant: id, event: to.eventId, role }))
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
  labId = await createLab(test.db, 'Lab A');
  adminId = await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw', role: 'admin' });
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

  it('accepts the key only as the server writes it: no padding, other alphabet, spaces or spare bits', async () => {
    const gina = links.Gina ?? { event: 0, participant: 0, key: '' };
    expect(gina.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const last = gina.key.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The last of 43 characters carries 4 bits of the key and 2 unused ones: flip an unused one.
    const spareBit = `${gina.key.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    const spellings = [
      `${gina.key}=`,
      `${gina.key}%3D`,
      `%20${gina.key}`,
      `${gina.key}.`,
      gina.key.replaceAll('-', '+').replaceAll('_', '/'),
      spareBit,
    ].filter((key) => decodeURIComponent(key) !== gina.key);
    expect(spellings.length).toBeGreaterThanOrEqual(5);
    for (const key of spellings) {
      const response = await page({ ...gina, key: encodeURIComponent(decodeURIComponent(key)) });
      expect(response.statusCode, key).toBe(403);
      const join = await app.inject({
        method: 'POST',
        url: '/api/participants/calendar/join',
        payload: { ...gina, key: decodeURIComponent(key) },
      });
      expect(join.statusCode, key).toBe(403);
    }
    expect((await page(gina)).statusCode).toBe(200);
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

  it('hands out only so many ways in a link, from any address, with a clear 429', async () => {
    await invite('jo@x.org', 'Jo', 'participant');
    const jo = links.Jo ?? { event: 0, participant: 0, key: '' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [url] =
        i % 2 === 0 ? ['/api/participants/calendar/join'] : ['/api/participants/calendar/add-event'];
      codes.push(
        (await app.inject({ method: 'POST', url, payload: jo, remoteAddress: `10.1.0.${i}` })).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/participants/calendar/join',
      payload: jo,
      remoteAddress: '10.1.0.99',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many attempts with this link\. Try again in \d+ s\.$/);
    // Another guest's link is not held back by Jo's.
    const gina = await app.inject({
      method: 'POST',
      url: '/api/participants/calendar/join',
      payload: links.Gina,
    });
    expect(gina.statusCode).toBe(200);
  });

  it('slows one address asking for ways in with 429', async () => {
    const limited = await buildTestApp(test, {
      mailer: createSmtpMailer(smtp.url, 'x@lablive.test'),
      loginRateLimitPerMinute: 3,
    });
    const codes: number[] = [];
    for (const name of ['Gina', 'Ann', 'Adele Admin', 'Jo']) {
      codes.push(
        (
          await limited.inject({
            method: 'POST',
            url: '/api/participants/calendar/join',
            payload: links[name],
          })
        ).statusCode,
      );
    }
    await limited.close();
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('hands out no way in once the event is over', async () => {
    const over = await createEvent(test.db, { labId, slug: 'calendar-over', rooms: 1, ownerId: adminId });
    await invite('olga@x.org', 'Olga', 'participant', over);
    await test.db
      .updateTable('events')
      .set({ end_date: new Date(), active: false })
      .where('id', '=', over.eventId)
      .execute();
    const olga = links.Olga ?? { event: 0, participant: 0, key: '' };
    expect((await page(olga)).json().event.ended).toBe(true);
    for (const url of ['/api/participants/calendar/join', '/api/participants/calendar/add-event']) {
      const refused = await app.inject({ method: 'POST', url, payload: olga });
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().detail).toBe('This event has ended.');
    }
  });
});
