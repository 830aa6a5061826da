// A person's data gathered for them (GDPR access, issue 32) through the real API on a real database: a
// guest's participation, what they said in the room, the report they filed (without its patient) and
// the mails sent to them, as JSON and as a PDF in the reader's language; only the asking lab's data;
// only for those who answer data requests; the request recorded in the audit trail.
import { randomUUID } from 'node:crypto';
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  enterRoomAs,
  SAMPLE_PHARMACOVIGILANCE_REPORT,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENED_AUDIT_COLUMNS } from '../audit/audit.repository.ts';
import { append } from '../event-store/append.ts';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let labA: number;
const tokens = { admin: '', adminB: '', staff: '', officer: '' };

async function pdfText(data: Uint8Array): Promise<string> {
  const loading = getDocument({ data, verbosity: 0, disableFontFace: true });
  const pdf = await loading.promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) lines.push(item.str);
  }
  await loading.destroy();
  return lines.join('\n');
}

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  labA = await createLab(test.db, 'Lab A', ['pharmacovigilance']);
  const labB = await createLab(test.db, 'Lab B');
  await createUser(test.db, { labId: labA, email: 'admin@a.test', password: 'pw-admin-a', role: 'admin' });
  await createUser(test.db, { labId: labB, email: 'admin@b.test', password: 'pw-admin-b', role: 'admin' });
  await createUser(test.db, {
    labId: labA,
    email: 'staff@a.test',
    password: 'pw-staff-a',
    permissions: ['manage_events'],
  });
  tokens.admin = await signIn(app, 'admin@a.test', 'pw-admin-a');
  tokens.adminB = await signIn(app, 'admin@b.test', 'pw-admin-b');
  tokens.staff = await signIn(app, 'staff@a.test', 'pw-staff-a');
  // Answers data requests, but sees only the events they own, take part in, or that are public.
  await createUser(test.db, {
    labId: labA,
    email: 'officer@a.test',
    password: 'pw-officer-a',
    permissions: ['manage_personal_data'],
  });
  tokens.officer = await signIn(app, 'officer@a.test', 'pw-officer-a');

  const event = await createEvent(test.db, { labId: labA, slug: 'gdpr', isPublic: false });
  const roomId = event.roomIds[0] ?? 0;
  const ana = await enterRoomAs(test.db, app, {
    labId: labA,
    eventId: event.eventId,
    roomId,
    role: 'animator',
    email: 'Ana.Doctor@x.org',
  });
  const filed = await call('POST', '/api/pharmacovigilance-report', ana.token, {
    ...SAMPLE_PHARMACOVIGILANCE_REPORT,
    room_id: roomId,
  });
  expect(filed.statusCode, filed.body).toBe(201);
  await append(test.db, `room-${roomId}`, 0, [
    {
      eventId: randomUUID(),
      type: 'ChatMessageSent',
      data: {
        messageId: randomUUID(),
        from: ana.participantId,
        text: 'Is the dose halved in renal failure?',
      },
      metadata: { labId: labA, actor: { participantId: ana.participantId } },
    },
    {
      eventId: randomUUID(),
      type: 'ChatMessageSent',
      data: { messageId: randomUUID(), from: 999, text: 'Someone else speaking' },
      metadata: { labId: labA, actor: { participantId: 999 } },
    },
  ]);
});

afterAll(async () => {
  await app?.close();
  await test?.drop();
});

describe('GET /api/personal-data', () => {
  it("gathers a person's data as JSON, whatever the case of the address, without other people's", async () => {
    const response = await call('GET', '/api/personal-data?email=ana.doctor%40x.org', tokens.admin);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="personal-data-.*\.json"/);
    const data = response.json();
    expect(data.participations).toEqual([expect.objectContaining({ event: 'Event gdpr', role: 'animator' })]);
    expect(data.roomActivity.map((row: { data: { text: string } }) => row.data.text)).toEqual([
      'Is the dose halved in renal failure?',
    ]);
    expect(data.pharmacovigilanceReports).toEqual([
      expect.objectContaining({ part: 'reporter', drug: SAMPLE_PHARMACOVIGILANCE_REPORT.drug_name }),
    ]);
    // The patient is not the person's data.
    expect(response.body).not.toContain(SAMPLE_PHARMACOVIGILANCE_REPORT.patient_lastname);
    expect(response.body).not.toContain('Someone else speaking');
    expect(data.mails.length).toBeGreaterThan(0);

    // Whose data was exported is in the trail, sealed under the address (an erasure of it erases it).
    const recorded = await test.db
      .selectFrom('audit_entries')
      .select(OPENED_AUDIT_COLUMNS)
      .where('record_type', '=', 'person')
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ action: 'export', lab_id: labA });
    expect(recorded.changes).toContainEqual({ field: 'person', old: null, new: 'ana.doctor@x.org' });
    const stored = await test.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('id', '=', recorded.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.changes)).not.toMatch(/ana\.doctor/i);
  });

  it('gives the same as a readable PDF in the reader language and zone', async () => {
    const response = await call(
      'GET',
      '/api/personal-data?email=ana.doctor%40x.org&format=pdf&locale=de&timeZone=Europe%2FBerlin',
      tokens.admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(response.rawPayload));
    for (const expected of [
      'Bei LabLive gespeicherte personenbezogene Daten',
      'ana.doctor@x.org',
      'Teilnahmen an Veranstaltungen',
      'Event gdpr',
      'Europe/Berlin',
      'Pharmakovigilanz-Meldungen',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(SAMPLE_PHARMACOVIGILANCE_REPORT.patient_lastname);
  });

  it("answers only the asking lab's data, and only to those who answer data requests", async () => {
    const other = await call('GET', '/api/personal-data?email=ana.doctor%40x.org', tokens.adminB);
    expect(other.statusCode).toBe(200);
    // What the person did in a room is session data: read with the event's visibility rule.
    const unseen = await call('GET', '/api/personal-data?email=ana.doctor%40x.org', tokens.officer);
    expect(unseen.statusCode).toBe(200);
    expect(unseen.json()).toMatchObject({ participations: [], roomActivity: [] });
    expect(other.json()).toMatchObject({
      account: null,
      participations: [],
      roomActivity: [],
      pharmacovigilanceReports: [],
      mails: [],
    });
    expect((await call('GET', '/api/personal-data?email=ana.doctor%40x.org', tokens.staff)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/personal-data?email=not-an-address', tokens.admin)).statusCode).toBe(400);
  });
});
