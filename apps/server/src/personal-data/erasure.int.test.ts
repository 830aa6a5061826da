// A person erased on their request (GDPR article 17; issue 32, part 4) through the real API, the real
// job queue and a real database: their name and address are stored sealed from the start, readable
// until the erasure and nowhere in any table afterwards (the log, the trail, the read models, the mail
// log, the job queue); every signed chain still verifies; other people's data reads as before; a report
// under legal hold is kept and named; the erasure is an entry of the trail without personal data; and
// nobody erases an account holding more than they do.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ERASED_VALUE, ERASURE_RULE_MESSAGES, REASON_HEADER } from '@lablive/domain';
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  enterRoomAs,
  rowsHolding,
  SAMPLE_PHARMACOVIGILANCE_REPORT,
  SAMPLE_REGISTRATION_FORM,
  sampleRegistration,
  sendRegistration,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import { generateNoteKeys, type NoteSigner, parseSignerKey, verifyPackage } from '@lablive/verify';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENED_AUDIT_COLUMNS } from '../audit/audit.repository.ts';
import { append } from '../event-store/append.ts';
import { readStream } from '../event-store/readStream.ts';
import { runLedgerOnce } from '../ledger/ledgerWriter.ts';
import { createOutboxMailer } from '../mail/mailer.ts';
import { rebuildReadModels } from './forgettingJobs.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let signer: NoteSigner;
let labId: number;
let roomId: number;
let folder: string;
const tokens = { admin: '', officer: '' };
// A name found nowhere else: after the erasure, no table may hold it in any case.
const PERSON = 'quillfeather';
const EMAIL = 'Zephyrine.Quillfeather@x.org';
let person = { participantId: 0, token: '' };
let other = { participantId: 0 };
let reporter = { participantId: 0, token: '' };

/** A 1×1 GIF: a picture the upload accepts. */
const ONE_PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const ledger = async () => {
  while ((await runLedgerOnce({ db: test.db, signer, now: () => new Date() }, { daily: true }))?.more);
};

const erase = (email: string, token: string, reason: string | null) =>
  app.inject({
    method: 'POST',
    url: '/api/personal-data/erasure',
    headers: {
      authorization: `Bearer ${token}`,
      ...(reason === null ? {} : { [REASON_HEADER]: encodeURIComponent(reason) }),
    },
    payload: { email },
  });

async function exported(url: string, name: string): Promise<string> {
  const response = await call('GET', url, tokens.admin);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const file = path.join(folder, name);
  await writeFile(file, response.body);
  return file;
}

async function attendanceNames(): Promise<string[]> {
  const rows = await test.db.selectFrom('stats_attendance').select('name').execute();
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  test = await createTestDatabase();
  signer = parseSignerKey(generateNoteKeys('lablive.test').signerKey);
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    ledgerSigner: signer,
    filesDir: await mkdtemp(path.join(os.tmpdir(), 'lablive-erasure-files-')),
    // The production path: mails and the read models' rebuild go through the job queue.
    jobs: { retryDelaySeconds: 1 },
  });
  call = caller(app);
  folder = await mkdtemp(path.join(os.tmpdir(), 'lablive-erasure-'));
  labId = await createLab(test.db, 'Lab A', ['pharmacovigilance', 'stats']);
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw-admin-a', role: 'admin' });
  await createUser(test.db, {
    labId,
    email: 'officer@a.test',
    password: 'pw-officer-a',
    permissions: ['manage_personal_data'],
  });
  tokens.admin = await signIn(app, 'admin@a.test', 'pw-admin-a');
  tokens.officer = await signIn(app, 'officer@a.test', 'pw-officer-a');

  const event = await createEvent(test.db, { labId, slug: 'erasure', isPublic: true });
  roomId = event.roomIds[0] ?? 0;
  const enter = (email: string) =>
    enterRoomAs(test.db, app, { labId, eventId: event.eventId, roomId, role: 'animator', email });
  person = await enter(EMAIL);
  other = await enter('someone.else@x.org');
  reporter = await enter('dr.reporter@x.org');

  // The person in the room: joined, spoke, wrote notes; someone else spoke too.
  const at = new Date().toISOString();
  const joined = (participantId: number, email: string) => ({
    eventId: randomUUID(),
    type: 'ParticipantJoined',
    data: {
      participantId,
      email,
      name: email.split('@')[0],
      userId: null,
      role: 'animator',
      connectionId: randomUUID(),
      at,
    },
    metadata: { labId, actor: { participantId } },
  });
  const said = (participantId: number, name: string, text: string) => ({
    eventId: randomUUID(),
    type: 'ChatMessageSent',
    data: { messageId: randomUUID(), from: { participantId, name }, text, at },
    metadata: { labId, actor: { participantId } },
  });
  await append(test.db, `room-${roomId}`, 0, [
    {
      eventId: randomUUID(),
      type: 'SessionStarted',
      data: { by: person.participantId, at, session: 1 },
      metadata: { labId },
    },
    joined(person.participantId, EMAIL),
    joined(other.participantId, 'someone.else@x.org'),
    said(person.participantId, 'Zephyrine.Quillfeather', 'My patient Quillfeather-Smith reacted badly'),
    said(other.participantId, 'someone.else', 'Was the dose halved?'),
    {
      eventId: randomUUID(),
      type: 'NotesSubmitted',
      data: {
        requestId: randomUUID(),
        participantId: person.participantId,
        name: 'Zephyrine.Quillfeather',
        text: 'Notes of Dr Quillfeather',
        at,
      },
      metadata: { labId, actor: { participantId: person.participantId } },
    },
    { eventId: randomUUID(), type: 'SessionEnded', data: { closedByUserId: 1, at }, metadata: { labId } },
  ]);
  // A back-office change naming them (the audit trail), a failed sign-in with their address, their
  // data exported once, and a report filed by another guest, the doctor named in it being... them.
  const renamed = await call('PUT', `/api/participants/${person.participantId}`, tokens.admin, {
    name: 'Zephyrine Quillfeather (Dr)',
    email: EMAIL,
    role: 'animator',
    room_id: roomId,
    job: 'Hospital pharmacist, Quillfeather clinic',
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  await app.inject({ method: 'POST', url: '/api/login', payload: { email: EMAIL, password: 'wrong-one' } });
  expect(
    (await call('GET', `/api/personal-data?email=${encodeURIComponent(EMAIL)}`, tokens.officer)).statusCode,
  ).toBe(200);
  const filed = await call('POST', '/api/pharmacovigilance-report', reporter.token, {
    ...SAMPLE_PHARMACOVIGILANCE_REPORT,
    room_id: roomId,
  });
  expect(filed.statusCode, filed.body).toBe(201);
  // They also registered for another public event (issue 33), answering its form in their own words.
  const conference = await createEvent(test.db, { labId, slug: 'erasure-conference', isPublic: true });
  const form = await call('PUT', `/api/events/${conference.eventId}/registration`, tokens.admin, {
    ...SAMPLE_REGISTRATION_FORM,
    capacity: null,
  });
  expect(form.statusCode, form.body).toBe(200);
  const registered = await sendRegistration(
    app,
    'erasure-conference',
    sampleRegistration(EMAIL, {
      first_name: 'Zephyrine',
      last_name: 'Quillfeather',
      answers: { specialty: 'cardiology', hcp: true, rpps: 'Quillfeather clinic 1234' },
    }),
  );
  expect(registered.statusCode, registered.body).toBeLessThan(300);
  await rebuildReadModels(test.db);
  await ledger();
});

afterAll(async () => {
  await app?.close();
  await test?.drop();
});

describe('before the erasure', () => {
  it("lists the person's registration, with their answers, in their data export", async () => {
    const response = await call(
      'GET',
      `/api/personal-data?email=${encodeURIComponent(EMAIL)}`,
      tokens.officer,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().registrations).toEqual([
      expect.objectContaining({
        event: 'Event erasure-conference',
        status: 'unconfirmed',
        firstName: 'Zephyrine',
        lastName: 'Quillfeather',
        answers: { specialty: 'cardiology', hcp: true, rpps: 'Quillfeather clinic 1234' },
      }),
    ]);
  });

  it('stores the personal values sealed, and every reader reads them opened', async () => {
    const stored = await test.db
      .selectFrom('session_events')
      .select(sql<string>`data::text`.as('data'))
      .where('stream_id', '=', `room-${roomId}`)
      .execute();
    expect(stored.map((row) => row.data).join('\n')).not.toMatch(/quillfeather/i);
    expect(stored.map((row) => row.data).join('\n')).toContain('"pd1:');
    const events = await readStream(test.db, `room-${roomId}`);
    const chat = events.find((event) => event.type === 'ChatMessageSent');
    expect(chat?.data).toMatchObject({
      from: { name: 'Zephyrine.Quillfeather' },
      text: 'My patient Quillfeather-Smith reacted badly',
    });
    expect(await attendanceNames()).toContain('Zephyrine.Quillfeather');
    const entries = await test.db
      .selectFrom('audit_entries')
      .select(OPENED_AUDIT_COLUMNS)
      .where('action', '=', 'sign-in-failed')
      .execute();
    expect(entries.at(-1)?.actor_email).toBe(EMAIL);
  });
});

describe('POST /api/personal-data/erasure', () => {
  it('asks for the reason, and refuses an account that holds more than the caller', async () => {
    const noReason = await erase(EMAIL, tokens.officer, null);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toMatch(/reason/i);
    const admin = await erase('admin@a.test', tokens.officer, 'Request by mail of 29 November');
    expect(admin.statusCode).toBe(403);
    expect(
      await test.db.selectFrom('users').select('email').where('email', '=', 'admin@a.test').execute(),
    ).toHaveLength(1);
  });

  it('erases the person everywhere and keeps what the law keeps', async () => {
    const response = await erase(EMAIL.toUpperCase(), tokens.officer, 'Request by mail of 29 November');
    expect(response.statusCode, response.body).toBe(200);
    const erasure = response.json();
    expect(erasure).toMatchObject({ participations: 1, accounts: 0, mails: expect.any(Number) });
    expect(erasure.keys).toBeGreaterThanOrEqual(2);
    // Their registration stays for the funnel, named no more.
    const registrations = await test.db.selectFrom('registrations').selectAll().execute();
    expect(registrations).toEqual([
      expect.objectContaining({ first_name: ERASED_VALUE, last_name: ERASED_VALUE, answers: {} }),
    ]);

    // The read models are rebuilt by the queue's job: the names fold back as erased.
    await expect.poll(attendanceNames, { timeout: 20_000, interval: 200 }).toContain(ERASED_VALUE);
    expect(await attendanceNames()).toContain('someone.else');

    const holding = await rowsHolding(test, PERSON);
    expect(holding, holding.join('\n')).toEqual([]);
    expect(await rowsHolding(test, 'zephyrine')).toEqual([]);

    // Reads show a tombstone where the person was; the others' words stay.
    const events = await readStream(test.db, `room-${roomId}`);
    const said = events.filter((event) => event.type === 'ChatMessageSent').map((event) => event.data);
    expect(said).toEqual([
      expect.objectContaining({
        from: { participantId: person.participantId, name: ERASED_VALUE },
        text: ERASED_VALUE,
      }),
      expect.objectContaining({
        from: { participantId: other.participantId, name: 'someone.else' },
        text: 'Was the dose halved?',
      }),
    ]);
    // The person's links no longer sign in; the others' do.
    const links = await test.db
      .selectFrom('invitation_links')
      .innerJoin('event_invitations', 'event_invitations.id', 'invitation_links.invitation_id')
      .select('event_invitations.participant_id')
      .execute();
    expect(links.map((row) => row.participant_id)).not.toContain(person.participantId);
    expect(links.map((row) => row.participant_id)).toContain(other.participantId);
  });

  it('leaves every signed chain verifying', async () => {
    await ledger();
    const roomFile = await exported(`/api/rooms/${roomId}/log/export`, 'room.jsonl');
    const room = await verifyPackage(roomFile, { trustedKey: signer.verifierKey });
    expect(room.verified, JSON.stringify(room)).toBe(true);
    const trailFile = await exported('/api/audit/log/export', 'trail.jsonl');
    const trail = await verifyPackage(trailFile, { trustedKey: signer.verifierKey });
    expect(trail.verified, JSON.stringify(trail)).toBe(true);
    // Nor is the person in any export: the signed logs, the readable trail, the session's statistics.
    const readable = await Promise.all(
      ['/api/audit/export?format=csv&locale=en', '/api/audit/export?format=json'].map(
        async (url) => (await call('GET', url, tokens.admin)).body,
      ),
    );
    for (const body of [await readFile(roomFile, 'utf8'), await readFile(trailFile, 'utf8'), ...readable]) {
      expect(body).not.toMatch(/quillfeather/i);
    }
    expect(readable[1]).toContain('"action": "erase"');
    // The readable CSV says the erased values in its reader's words.
    expect(readable[0]).toContain('erased');
    expect(readable[0]).not.toContain(ERASED_VALUE);
    expect(readable[1]).toContain(ERASED_VALUE);
  });

  it('is recorded in the trail with counts and the reason, and names no one', async () => {
    const [entry] = await test.db
      .selectFrom('audit_entries')
      .select(OPENED_AUDIT_COLUMNS)
      .where('action', '=', 'erase')
      .execute();
    expect(entry).toMatchObject({ record_type: 'person', reason: 'Request by mail of 29 November' });
    expect(entry?.changes).toContainEqual({ field: 'participations', old: null, new: 1 });
  });

  it('waits for a running session of the person to end', async () => {
    const running = await createEvent(test.db, { labId, slug: 'running' });
    const runningRoom = running.roomIds[0] ?? 0;
    const guest = await enterRoomAs(test.db, app, {
      labId,
      eventId: running.eventId,
      roomId: runningRoom,
      role: 'participant',
      email: 'in.session@x.org',
    });
    const at = new Date().toISOString();
    const metadata = { labId, actor: { participantId: guest.participantId } };
    await append(test.db, `room-${runningRoom}`, 0, [
      {
        eventId: randomUUID(),
        type: 'SessionStarted',
        data: { by: guest.participantId, at, session: 1 },
        metadata,
      },
    ]);
    const refused = await erase('in.session@x.org', tokens.officer, 'Request by mail of 29 November');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(ERASURE_RULE_MESSAGES.sessionRunning);
    await append(test.db, `room-${runningRoom}`, 1, [
      { eventId: randomUUID(), type: 'SessionEnded', data: { by: guest.participantId, at }, metadata },
    ]);
    expect(
      (await erase('in.session@x.org', tokens.officer, 'Request by mail of 29 November')).statusCode,
    ).toBe(200);
  });

  it('anonymises a staff account, removes its picture, and signs it in no more', async () => {
    await createUser(test.db, { labId, email: 'octavia.plumtree@x.org', password: 'pw-octavia' });
    const octavia = await signIn(app, 'octavia.plumtree@x.org', 'pw-octavia');
    const me = await test.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'octavia.plumtree@x.org')
      .executeTakeFirstOrThrow();
    const form = new FormData();
    for (const [key, value] of Object.entries({ ref: 'users', field: 'avatar_url', refId: String(me.id) })) {
      form.append(key, value);
    }
    form.append('files', new Blob([ONE_PIXEL_GIF], { type: 'image/gif' }), 'me.gif');
    const request = new Request('http://lablive.test/', { method: 'POST', body: form });
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: {
        authorization: `Bearer ${octavia}`,
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const picture = (uploaded.json() as { url: string }).url;
    expect((await app.inject({ method: 'GET', url: picture })).statusCode).toBe(200);

    const response = await erase('octavia.plumtree@x.org', tokens.officer, 'Request by mail of 29 November');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ accounts: 1 });
    expect((await app.inject({ method: 'GET', url: picture })).statusCode).toBe(404);
    const holding = await rowsHolding(test, 'plumtree');
    expect(holding, holding.join('\n')).toEqual([]);
    // A sign-in tried afterwards is refused (and is a new entry of the trail, about an address no
    // account holds).
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'octavia.plumtree@x.org', password: 'pw-octavia' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('keeps a report under legal hold, and names it for the requester', async () => {
    const response = await erase('dr.reporter@x.org', tokens.officer, 'Request by phone, ticket 4411');
    expect(response.statusCode, response.body).toBe(200);
    const { keptReports } = response.json();
    expect(keptReports).toHaveLength(1);
    expect(keptReports[0].reference).toMatch(/^PV-\d{4}-\d{6}$/);
    const report = await test.db
      .selectFrom('pharmacovigilance_reports')
      .select(['id', 'username'])
      .where('id', '=', keptReports[0].id)
      .executeTakeFirstOrThrow();
    expect(report.username.length).toBeGreaterThan(0);
  });
});
