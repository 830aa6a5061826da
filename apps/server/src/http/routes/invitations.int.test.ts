// Event invitations over HTTP on a real database, their mail over real SMTP, and the mailed link
// signing the participant in with the invitation's role and room.
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
import { createSmtpMailer } from '../../mail/mailer.ts';

let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let labId: number;
let event: { eventId: number; roomIds: number[] };
let otherEvent: { eventId: number; roomIds: number[] };
const tokens = { manager: '', plain: '' };
const people = { paul: 0, erika: 0, other: 0 };

async function addParticipant(eventId: number, email: string, name: string, userId: number | null = null) {
  const response = await call('POST', '/api/participants', tokens.manager, {
    event_id: eventId,
    email,
    name,
    user_id: userId,
  });
  return response.json().id as number;
}

beforeAll(async () => {
  test = await createTestDatabase();
  smtp = await startSmtpCapture();
  app = await buildTestApp(test, { mailer: createSmtpMailer(smtp.url, 'LabLive <no-reply@lablive.test>') });
  call = caller(app);
  labId = await createLab(test.db, 'Lab A');
  // A manager with the role `user`: the events below are theirs, as only owners change an event.
  const managerId = await createUser(test.db, {
    labId,
    email: 'manager@a.test',
    password: 'pw-manager',
    permissions: ['manage_events'],
  });
  const erikaUser = await createUser(test.db, {
    labId,
    email: 'erika@a.test',
    password: 'pw-erika',
    locale: 'de',
  });
  await createUser(test.db, { labId, email: 'plain@a.test', password: 'pw-plain' });
  event = await createEvent(test.db, { labId, slug: 'invite-1', rooms: 2, ownerId: managerId });
  otherEvent = await createEvent(test.db, { labId, slug: 'invite-2', ownerId: managerId });
  tokens.manager = await signIn(app, 'manager@a.test', 'pw-manager');
  tokens.plain = await signIn(app, 'plain@a.test', 'pw-plain');
  people.paul = await addParticipant(event.eventId, 'paul@x.org', 'Paul Martin');
  people.erika = await addParticipant(event.eventId, 'erika@a.test', 'Erika Muster', erikaUser);
  people.other = await addParticipant(otherEvent.eventId, 'other@x.org', 'Otto');
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await test.drop();
});

describe('POST /api/event-invitations', () => {
  it('creates the invitation and mails a single-use link; the link signs in with its role and room', async () => {
    const response = await call('POST', '/api/event-invitations', tokens.manager, {
      participant: people.paul,
      event: event.eventId,
      room_id: event.roomIds[1],
      role: 'animator',
    });
    expect(response.statusCode).toBe(201);
    const invitation = response.json();
    expect(invitation).toMatchObject({
      participant: { id: people.paul, name: 'Paul Martin', email: 'paul@x.org' },
      event: event.eventId,
      room_id: { id: event.roomIds[1] },
      role: 'animator',
      mailed: true,
    });
    expect(Object.keys(invitation)).not.toContain('token');

    const mail = await smtp.waitForMail((m) => m.to.includes('paul@x.org'));
    // Without an account of their own, a participant is written to in French.
    expect(mail.text).toContain('Invitation : Event invite-1');
    expect(mail.text).toContain('Bonjour Paul Martin,');
    expect(mail.text).toContain('en tant que animateur');
    const link = /http:\/\/lablive\.test\/\?invitation=([A-Za-z0-9_%-]+)/.exec(mail.text);
    expect(link?.[1]).toBeDefined();
    expect(response.body).not.toContain(decodeURIComponent(link?.[1] ?? ''));

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { invitation: decodeURIComponent(link?.[1] ?? '') },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.participation).toMatchObject({
      id: people.paul,
      role: 'animator',
      room_id: event.roomIds[1],
    });
    const reused = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { invitation: decodeURIComponent(link?.[1] ?? '') },
    });
    expect(reused.statusCode).toBe(401);
  });

  it("mails in the language of the participant's account", async () => {
    const response = await call('POST', '/api/event-invitations', tokens.manager, {
      participant: people.erika,
      event: event.eventId,
      role: 'observer',
    });
    expect(response.json()).toMatchObject({ room_id: null, role: 'observer', mailed: true });
    const mail = await smtp.waitForMail((m) => m.to.includes('erika@a.test'));
    expect(mail.text).toContain('Einladung: Event invite-1');
    expect(mail.text).toContain('Sie nehmen als Beobachter teil.');
  });

  it('mails a guest without an account in the lab’s language, not the inviting manager’s (issue 28)', async () => {
    await test.db.updateTable('users').set({ locale: 'de' }).where('email', '=', 'manager@a.test').execute();
    const german = await signIn(app, 'manager@a.test', 'pw-manager');
    const guest = await addParticipant(otherEvent.eventId, 'gast@x.org', 'Gisela Gast');
    const response = await call('POST', '/api/event-invitations', german, {
      participant: guest,
      event: otherEvent.eventId,
    });
    expect(response.statusCode).toBe(201);
    const mail = await smtp.waitForMail((m) => m.to.includes('gast@x.org'));
    expect(mail.text).toContain('Invitation : Event invite-2');
    await test.db.updateTable('users').set({ locale: 'fr' }).where('email', '=', 'manager@a.test').execute();
  });

  it('needs manage events, and a participant, a room and an event that belong together', async () => {
    const refused = await call('POST', '/api/event-invitations', tokens.plain, {
      participant: people.paul,
      event: event.eventId,
    });
    expect(refused.statusCode).toBe(403);
    const elsewhere = await call('POST', '/api/event-invitations', tokens.manager, {
      participant: people.other,
      event: event.eventId,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toMatch(/^participant:/);
    const foreignRoom = await call('POST', '/api/event-invitations', tokens.manager, {
      participant: people.paul,
      event: event.eventId,
      room_id: otherEvent.roomIds[0],
    });
    expect(foreignRoom.statusCode).toBe(404);
    const badRole = await call('POST', '/api/event-invitations', tokens.manager, {
      participant: people.paul,
      event: event.eventId,
      role: 'host',
    });
    expect(badRole.json().errors[0].field).toBe('role');
  });
});

describe('GET /api/event-invitations', () => {
  it('lists the invitations of an event to a manager', async () => {
    const response = await call('GET', `/api/event-invitations?event=${event.eventId}`, tokens.manager);
    expect(response.json().map((i: { participant: { id: number } }) => i.participant.id)).toEqual([
      people.paul,
      people.erika,
    ]);
    const one = await call('GET', `/api/event-invitations?participant=${people.erika}`, tokens.manager);
    expect(one.json()).toHaveLength(1);
  });

  it('shows a participant their own invitations only', async () => {
    const erika = await signIn(app, 'erika@a.test', 'pw-erika');
    const own = await call(
      'GET',
      `/api/event-invitations?event=${event.eventId}&participant=${people.erika}`,
      erika,
    );
    expect(own.json()).toMatchObject([{ role: 'observer', participant: { id: people.erika } }]);
    const all = await call('GET', `/api/event-invitations?event=${event.eventId}`, erika);
    expect(all.json()).toHaveLength(1);
    const others = await call('GET', `/api/event-invitations?participant=${people.paul}`, erika);
    expect(others.statusCode).toBe(403);
    expect((await call('GET', '/api/event-invitations', tokens.plain)).json()).toEqual([]);
  });
});

describe('names in the mail', () => {
  it('refuses a guest name that breaks its line, naming the field', async () => {
    const refused = await call('POST', '/api/participants', tokens.manager, {
      event_id: otherEvent.eventId,
      email: 'forger@x.org',
      name: 'Dr X\nClick http://evil.example',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('name: must be a single line of text');
  });

  it('keeps a line break stored before the schemas refused it inside its line', async () => {
    const guest = await addParticipant(otherEvent.eventId, 'stored@x.org', 'Placeholder');
    // Rows written before the names were checked: the guest's name and the event's.
    await test.db
      .updateTable('participants')
      .set({ name: 'Dr X\r\nClick http://evil.example to confirm' })
      .where('id', '=', guest)
      .execute();
    await test.db
      .updateTable('events')
      .set({ name: 'Event invite-2\nPassword: reset it at http://evil.example' })
      .where('id', '=', otherEvent.eventId)
      .execute();
    const response = await call('POST', '/api/event-invitations', tokens.manager, {
      participant: guest,
      event: otherEvent.eventId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await smtp.waitForMail((m) => m.to.includes('stored@x.org'));
    // The whole message: its plain text, its HTML and its calendar file (which escapes line breaks).
    const lines = mail.text.split(/\r?\n/);
    expect(lines).toContain('Bonjour Dr X Click http://evil.example to confirm,');
    expect(lines).toContainEqual(
      expect.stringMatching(
        // The fixture's event is running: "commencé le" (started on) rather than "le" (on).
        /^Vous êtes invité\(e\) à l’événement «\u202fEvent invite-2 Password: reset it at http:\/\/evil\.example\u202f», (le|commencé le) /u,
      ),
    );
    expect(lines.filter((line) => /^(Click|Password)/.test(line))).toEqual([]);
  });
});

describe('the guest’s language and clock (issue 28)', () => {
  let nord: number;
  let nordManager: string;
  let upcoming: number;

  beforeAll(async () => {
    nord = await createLab(test.db, 'Lab Nord');
    await test.db.updateTable('labs').set({ default_locale: 'de' }).where('id', '=', nord).execute();
    const managerId = await createUser(test.db, {
      labId: nord,
      email: 'manager@nord.test',
      password: 'pw-nord',
      permissions: ['manage_events'],
      locale: 'fr',
    });
    nordManager = await signIn(app, 'manager@nord.test', 'pw-nord');
    upcoming = (await createEvent(test.db, { labId: nord, slug: 'nord-webinar', ownerId: managerId }))
      .eventId;
    // Not started yet: Tuesday 1 December 2026, 13:00 UTC.
    await test.db
      .updateTable('events')
      .set({
        active: false,
        planned_start_date: new Date('2026-12-01T13:00:00Z'),
        planned_end_date: new Date('2026-12-01T15:00:00Z'),
      })
      .where('id', '=', upcoming)
      .execute();
  });

  const invite = async (participant: number, event = upcoming) => {
    const response = await call('POST', '/api/event-invitations', nordManager, { participant, event });
    expect(response.statusCode, response.body).toBe(201);
  };

  it('writes to a guest without an account in the lab’s language, on their clock, the zone named', async () => {
    const added = await call('POST', '/api/participants', nordManager, {
      event_id: upcoming,
      email: 'greta@berlin.test',
      name: 'Greta Berlin',
      timezone: 'Europe/Berlin',
    });
    expect(added.statusCode, added.body).toBe(201);
    await invite(added.json().id);
    const mail = await smtp.waitForMail((m) => m.to.includes('greta@berlin.test'));
    expect(mail.text).toContain('Einladung: Event nord-webinar');
    expect(mail.text).toContain('Hallo Greta Berlin,');
    // 13:00 UTC is 14:00 in Berlin in December, and the mail says which clock that is.
    expect(mail.text).toContain(
      'Dienstag, 1. Dezember 2026 um 14:00 (Mitteleuropäische Normalzeit, Europe/Berlin)',
    );
  });

  it('writes in the language and to the clock a guest chose on the public page', async () => {
    await test.db.updateTable('events').set({ active: true }).where('id', '=', upcoming).execute();
    const entered = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        firstName: 'Nora',
        lastName: 'York',
        email: 'nora@ny.test',
        eventSlug: 'nord-webinar',
        isPublic: true,
        locale: 'en',
        timeZone: 'America/New_York',
      },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const nora = entered.json().user.id as number;
    await test.db.updateTable('events').set({ active: false }).where('id', '=', upcoming).execute();
    await invite(nora);
    const mail = await smtp.waitForMail((m) => m.to.includes('nora@ny.test'));
    expect(mail.text).toContain('Invitation: Event nord-webinar');
    expect(mail.text).toContain('1 December 2026 at 08:00 (Eastern Standard Time, America/New_York)');
  });

  it('says the event is running now when a guest is invited while it runs', async () => {
    await test.db
      .updateTable('events')
      .set({ active: true, start_date: new Date('2026-12-01T13:02:00Z') })
      .where('id', '=', upcoming)
      .execute();
    const added = await call('POST', '/api/participants', nordManager, {
      event_id: upcoming,
      email: 'late@berlin.test',
      name: 'Lena Spät',
      timezone: 'Europe/Berlin',
    });
    await invite(added.json().id);
    const mail = await smtp.waitForMail((m) => m.to.includes('late@berlin.test'));
    expect(mail.text).toContain('die am Dienstag, 1. Dezember 2026 um 14:00');
    expect(mail.text).toContain('läuft gerade');
  });

  it('carries the event’s description: its markup in the HTML part, plain text in the text part', async () => {
    await test.db
      .updateTable('events')
      .set({
        description:
          '<p><strong>Bring</strong> your slides:</p><ul><li>the agenda</li><li>the study</li></ul>',
      })
      .where('id', '=', upcoming)
      .execute();
    const added = await call('POST', '/api/participants', nordManager, {
      event_id: upcoming,
      email: 'reader@berlin.test',
      name: 'Rita Leser',
    });
    await invite(added.json().id);
    const mail = await smtp.waitForMail((m) => m.to.includes('reader@berlin.test'));
    expect(mail.text).toContain('Bring your slides:\r\n\r\n- the agenda\r\n- the study');
    expect(mail.raw).toContain('<strong>Bring</strong> your slides:');
    // The text part (before the HTML part) has no tag of the description.
    expect(mail.text.split('Content-Type: text/html')[0]).not.toContain('<strong>');
  });
});
