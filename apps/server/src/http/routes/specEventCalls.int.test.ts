// The back-office spec's event calls as the spec writes them (section 7, issue 28 part 2), sent as literal
// JSON to the app on a real database and SMTP server: POST events with local date-time text read on
// currentTimeZone's clocks and 0/1 flags, the partial PUT that follows it (the fields sent change, the
// others stay), the event form's rules applied alike, and POST participants/calendar/add-event from
// the back office (the guest mailed their calendar entry with their invitation).
import { NOT_YOUR_EVENT } from '@lablive/domain';
import {
  type Call,
  createLab,
  createMedia,
  createUser,
  type MailedApp,
  mailAttachments,
  type SmtpCapture,
  signIn,
  startMailedApp,
} from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let mailed: MailedApp;
let smtp: SmtpCapture;
let call: Call;
let mediaId = 0;
let otherMediaId = 0;
const tokens = { admin: '', owner: '', colleague: '', superAdmin: '' };

/** The spec's POST events body, as its client writes it (section 7), with the lab's media. */
const specPayload = (media: number) =>
  JSON.parse(`{
    "name": "Oncology update",
    "type": "rp",
    "description": "<p>Quarterly <strong>oncology</strong> update.</p>",
    "planned_start_date": "2026-12-01 14:00",
    "planned_end_date": "2026-12-01 16:00",
    "medias": [${media}],
    "rooms_needed": 2,
    "is_public": 0,
    "email_relaunch_J7": 1,
    "email_relaunch_J1": 0,
    "email_relaunch_h1": 1,
    "currentTimeZone": "Europe/Paris"
  }`) as Record<string, unknown>;

async function createSpecEvent(token: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await call('POST', '/api/events', token, { ...specPayload(mediaId), ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

const eventOf = async (id: number) => (await call('GET', `/api/events/${id}`, tokens.admin)).json();

beforeAll(async () => {
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  ({ smtp, call } = mailed);
  const { db } = mailed.test;
  const labId = await createLab(db, 'Lab A');
  await db.updateTable('labs').set({ default_locale: 'en' }).where('id', '=', labId).execute();
  const otherLabId = await createLab(db, 'Lab B');
  mediaId = await createMedia(db, { labId, name: 'Slides' });
  otherMediaId = await createMedia(db, { labId: otherLabId, name: 'Their slides' });
  await createUser(db, { labId, email: 'admin@a.test', password: 'pw', role: 'admin', locale: 'en' });
  await createUser(db, { labId, email: 'owner@a.test', password: 'pw', permissions: ['manage_events'] });
  await createUser(db, { labId, email: 'colleague@a.test', password: 'pw', permissions: ['manage_events'] });
  await createUser(db, { labId, email: 'root@a.test', password: 'pw', role: 'super-admin' });
  tokens.admin = await signIn(mailed.app, 'admin@a.test', 'pw');
  tokens.owner = await signIn(mailed.app, 'owner@a.test', 'pw');
  tokens.colleague = await signIn(mailed.app, 'colleague@a.test', 'pw');
  tokens.superAdmin = await signIn(mailed.app, 'root@a.test', 'pw');
});

afterAll(async () => {
  await mailed.close();
});

describe("POST /api/events in the spec's shape", () => {
  it('plans the event at the instants its local times stand for in currentTimeZone, flags read from 0/1', async () => {
    const id = await createSpecEvent(tokens.owner);
    expect(await eventOf(id)).toMatchObject({
      name: 'Oncology update',
      type: 'rp',
      description: '<p>Quarterly <strong>oncology</strong> update.</p>',
      // 14:00 and 16:00 in Paris in December are 13:00 and 15:00 UTC.
      planned_start_date: '2026-12-01T13:00:00.000Z',
      planned_end_date: '2026-12-01T15:00:00.000Z',
      default_timezone: 'Europe/Paris',
      is_public: false,
      auto_dispatcher: true,
      rooms_needed: 2,
      email_relaunch_J7: true,
      email_relaunch_J1: false,
      email_relaunch_h1: true,
      medias: [{ id: mediaId, name: 'Slides' }],
      rooms: [{ name: 'Room 1' }, { name: 'Room 2' }],
    });
  });

  it('reads "T" or a space, and the times of another zone than the event\'s', async () => {
    const id = await createSpecEvent(tokens.owner, {
      planned_start_date: '2026-12-02T08:00',
      planned_end_date: '2026-12-02T09:30:00',
      currentTimeZone: 'America/New_York',
      default_timezone: 'Europe/Paris',
      is_public: true,
    });
    expect(await eventOf(id)).toMatchObject({
      planned_start_date: '2026-12-02T13:00:00.000Z',
      planned_end_date: '2026-12-02T14:30:00.000Z',
      default_timezone: 'Europe/Paris',
      is_public: true,
    });
  });

  it('refuses a wrong spec payload, naming the field and saying why', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ planned_start_date: '01/12/2026 14:00' }, 'planned_start_date', 'YYYY-MM-DD HH:mm'],
      [{ planned_end_date: '2026-02-30 16:00' }, 'planned_end_date', 'YYYY-MM-DD HH:mm'],
      [{ currentTimeZone: 'Mars/Olympus' }, 'currentTimeZone', 'IANA time zone'],
      [{ currentTimeZone: undefined }, 'currentTimeZone', 'required'],
      [{ is_public: 2 }, 'is_public', 'must be 0 or 1'],
      [{ email_relaunch_J1: 'yes' }, 'email_relaunch_J1', 'must be 0 or 1'],
      [{ planned_end_date: '2026-12-01 13:00' }, 'planned_end_date', 'after planned_start_date'],
      [{ planned_end_date: '2026-12-02 10:00' }, 'planned_end_date', 'same day'],
      // The clocks of Paris skip 02:00 to 03:00 on 28 March 2027 and repeat 02:00 to 03:00 on 31 October.
      [
        { planned_start_date: '2027-03-28 02:30', planned_end_date: '2027-03-28 04:00' },
        'planned_start_date',
        'does not exist in Europe/Paris',
      ],
      [
        { planned_start_date: '2027-10-31 02:30', planned_end_date: '2027-10-31 04:00' },
        'planned_start_date',
        'happens twice in Europe/Paris',
      ],
      [{ medias: [] }, 'medias', 'choose a presentation media'],
      [{ rooms_needed: 0 }, 'rooms_needed', ''],
      [{ is_public: 1, auto_dispatcher: 0 }, 'auto_dispatcher', 'manual distribution is unavailable'],
      [{ owner_id: 3 }, '', 'owner_id'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('POST', '/api/events', tokens.owner, {
        ...specPayload(mediaId),
        ...overrides,
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const [error] = response.json().errors;
      expect(error.field, JSON.stringify(overrides)).toBe(field || '(body)');
      expect(`${error.field}: ${error.message}`, JSON.stringify(overrides)).toContain(message);
    }
  });

  it("applies the form's rules alike: another lab's media, a blocked day, and the project's DST check", async () => {
    const foreign = await call('POST', '/api/events', tokens.owner, {
      ...specPayload(mediaId),
      medias: [otherMediaId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(`medias: no presentation media ${otherMediaId}.`);

    const blocked = await call('POST', '/api/deployment-schedulers', tokens.superAdmin, {
      date: '2026-12-24',
    });
    expect(blocked.statusCode).toBe(201);
    const onBlockedDay = await call('POST', '/api/events', tokens.owner, {
      ...specPayload(mediaId),
      planned_start_date: '2026-12-24 14:00',
      planned_end_date: '2026-12-24 16:00',
    });
    expect(onBlockedDay.statusCode).toBe(400);
    expect(onBlockedDay.json().detail).toContain('2026-12-24 is blocked by a platform deployment');

    // The project's own form refuses the same skipped time, naming its own field.
    const projectForm = await call('POST', '/api/events', tokens.owner, {
      name: 'Oncology update',
      rooms_needed: 1,
      medias: [mediaId],
      date: '2027-03-28',
      start_time: '02:30',
      end_time: '04:00',
      default_timezone: 'Europe/Paris',
    });
    expect(projectForm.statusCode).toBe(400);
    expect(projectForm.json().errors[0]).toEqual({
      field: 'start_time',
      message:
        '2027-03-28 02:30 does not exist in Europe/Paris: the clocks go forward over it; choose another time.',
    });
  });
});

describe("PUT /api/events/{id} in the spec's shape: a partial edit", () => {
  it('changes the fields the follow-up PUT sends and keeps the others', async () => {
    const id = await createSpecEvent(tokens.owner);
    const body = JSON.parse(`{
      "auto_dispatcher": 0,
      "default_timezone": "Europe/Paris",
      "medias": [{ "id": ${mediaId} }],
      "email_relaunch_J7": 0,
      "email_relaunch_J1": 1,
      "email_relaunch_h1": 1
    }`);
    const response = await call('PUT', `/api/events/${id}`, tokens.owner, body);
    expect(response.statusCode, response.body).toBe(200);
    const kept = {
      name: 'Oncology update',
      description: '<p>Quarterly <strong>oncology</strong> update.</p>',
      planned_start_date: '2026-12-01T13:00:00.000Z',
      planned_end_date: '2026-12-01T15:00:00.000Z',
      rooms_needed: 2,
      is_public: false,
    };
    const changed = {
      auto_dispatcher: false,
      email_relaunch_J7: false,
      email_relaunch_J1: true,
      email_relaunch_h1: true,
      medias: [{ id: mediaId }],
    };
    expect(response.json()).toMatchObject({ ...kept, ...changed });
    expect(await eventOf(id)).toMatchObject({ ...kept, ...changed });

    // One field alone: the name; the rest as the previous PUT left it.
    const renamed = await call('PUT', `/api/events/${id}`, tokens.owner, { name: 'Oncology review' });
    expect(renamed.json()).toMatchObject({ ...kept, ...changed, name: 'Oncology review' });

    // Another zone alone shows the same instants on its clocks: the event does not move.
    const zoned = await call('PUT', `/api/events/${id}`, tokens.owner, {
      default_timezone: 'America/New_York',
    });
    expect(zoned.json()).toMatchObject({
      default_timezone: 'America/New_York',
      planned_start_date: '2026-12-01T13:00:00.000Z',
      planned_end_date: '2026-12-01T15:00:00.000Z',
    });

    // New times, read on currentTimeZone's clocks; the end alone keeps the start.
    const moved = await call('PUT', `/api/events/${id}`, tokens.owner, {
      planned_start_date: '2026-12-03 10:00',
      planned_end_date: '2026-12-03 12:00',
      currentTimeZone: 'Europe/Paris',
    });
    expect(moved.json()).toMatchObject({
      planned_start_date: '2026-12-03T09:00:00.000Z',
      planned_end_date: '2026-12-03T11:00:00.000Z',
    });
    const longer = await call('PUT', `/api/events/${id}`, tokens.owner, {
      planned_end_date: '2026-12-03 07:30',
    });
    // Without currentTimeZone the text is read on the event's clocks (New York now).
    expect(longer.json()).toMatchObject({
      planned_start_date: '2026-12-03T09:00:00.000Z',
      planned_end_date: '2026-12-03T12:30:00.000Z',
    });
  });

  it('refuses a partial edit that breaks a rule of the whole event, naming the field', async () => {
    const id = await createSpecEvent(tokens.owner, { auto_dispatcher: 0 });
    const cases: [Record<string, unknown>, string][] = [
      [{ is_public: 1 }, 'auto_dispatcher: manual distribution is unavailable for a public event'],
      [{ planned_end_date: '2026-12-01 12:00' }, 'planned_end_date: must be after planned_start_date.'],
      [{ medias: [otherMediaId] }, `medias: no presentation media ${otherMediaId}.`],
      [{ rooms_needed: 'two' }, 'rooms_needed: Invalid input: expected number, received string'],
      [{ auto_dispatcher: 'no' }, 'auto_dispatcher: must be 0 or 1 (or true or false)'],
      [{}, '(body): send at least one field to change'],
    ];
    for (const [body, detail] of cases) {
      const response = await call('PUT', `/api/events/${id}`, tokens.owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().detail, JSON.stringify(body)).toBe(detail);
    }
    // Nothing of the refused edits was kept.
    expect(await eventOf(id)).toMatchObject({ is_public: false, auto_dispatcher: false, rooms_needed: 2 });
  });

  it('lets only those who may change the event edit it, as the whole form', async () => {
    // A colleague whose role is `user` sees a public event but changes only their own.
    const id = await createSpecEvent(tokens.owner, { is_public: 1 });
    const response = await call('PUT', `/api/events/${id}`, tokens.colleague, { name: 'Mine now' });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(NOT_YOUR_EVENT);
  });
});

describe('POST /api/participants/calendar/add-event from the back office', () => {
  it('mails the guest their calendar entry with a fresh invitation in the role and room they hold', async () => {
    const eventId = await createSpecEvent(tokens.owner, { auto_dispatcher: 0 });
    const { rooms } = await eventOf(eventId);
    const added = await call('POST', '/api/participants', tokens.owner, {
      event_id: eventId,
      email: 'gina@x.org',
      name: 'Gina',
      role: 'animator',
      room_id: rooms[1].id,
    });
    expect(added.statusCode, added.body).toBe(201);
    const participantId = added.json().id as number;

    const response = await call('POST', '/api/participants/calendar/add-event', tokens.owner, {
      event: eventId,
      participant: participantId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      event: eventId,
      participant: { id: participantId, email: 'gina@x.org' },
      room_id: { id: rooms[1].id },
      role: 'animator',
      mailed: true,
    });
    const mail = await smtp.waitForMail((m) => m.to.includes('gina@x.org'), 15_000);
    const entry = mailAttachments(mail).find((file) => file.filename.endsWith('.ics'));
    const ics = entry?.content.toString('utf8') ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART:20261201T130000Z');
    expect(mail.text).toMatch(/\?invitation=/);
    const log = (await call('GET', `/api/events/${eventId}/mails`, tokens.owner)).json();
    expect(log).toEqual([expect.objectContaining({ kind: 'invitation', recipient: 'gina@x.org' })]);
  });

  it("is refused to a caller without a token, to staff who may not change the event, and for another event's guest", async () => {
    const eventId = await createSpecEvent(tokens.owner);
    const otherEventId = await createSpecEvent(tokens.owner, { is_public: 1 });
    const guest = await call('POST', '/api/participants', tokens.owner, {
      event_id: otherEventId,
      email: 'hugo@x.org',
    });
    const body = { event: eventId, participant: guest.json().id };
    const anonymous = await mailed.app.inject({
      method: 'POST',
      url: '/api/participants/calendar/add-event',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const colleague = await call('POST', '/api/participants/calendar/add-event', tokens.colleague, {
      ...body,
      event: otherEventId,
    });
    expect(colleague.statusCode).toBe(403);
    const elsewhere = await call('POST', '/api/participants/calendar/add-event', tokens.admin, body);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toBe(
      `participant: no participant ${body.participant} in event ${eventId}.`,
    );
    const wrongKey = await call('POST', '/api/participants/calendar/add-event', tokens.admin, {
      ...body,
      key: 'not-the-key',
    });
    expect(wrongKey.statusCode).toBe(403);
    expect(smtp.mails.filter((m) => m.to.includes('hugo@x.org'))).toHaveLength(0);
  });
});
