// The back office's pharmacovigilance pages over HTTP, on a real database, with mail through the job
// queue to a real SMTP server: the lab's receivers (added several at once and each once, switched, changed,
// removed), its reports (paged newest first, read with the patient as initials, printed as a PDF whose
// text is read back, archived with who did it), each lab seeing only its own, behind the permission and
// the module; a filed report reaches the receivers with its PDF and the reporter with its reference.
import { reportReference } from '@lablive/domain';
import {
  type Call,
  createEvent,
  createLab,
  createUser,
  enterRoomAs,
  type MailedApp,
  mailAttachments,
  type RoomPerson,
  SAMPLE_PHARMACOVIGILANCE_REPORT,
  type SmtpCapture,
  signIn,
  startMailedApp,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let mailed: MailedApp;
let test: TestDatabase;
let smtp: SmtpCapture;
let app: FastifyInstance;
let call: Call;
let labA: number;
let labB: number;
let roomA: number;
let roomB: number;
let eventB: number;
let officerId: number;
/** Holds manage pharmacovigilance in lab A; reads the back office in English. */
let officer: string;
let officerB: string;
/** Lab A staff without the permission. */
let plainStaff: string;
/** An admin of a lab without the pharmacovigilance module. */
let adminWithoutModule: string;
let guestReporter: RoomPerson;
/** Lab A staff taking part in the event, who reads German. */
let staffReporter: string;

const report = SAMPLE_PHARMACOVIGILANCE_REPORT;

type Method = Parameters<Call>[0];
type Payload = Parameters<Call>[3];

/** Every text of a PDF, page by page, as a reader's tool extracts it. */
async function pdfText(data: Uint8Array): Promise<{ pages: number; text: string }> {
  const loading = getDocument({ data, verbosity: 0, disableFontFace: true });
  const pdf = await loading.promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) lines.push(item.str);
  }
  const pages = pdf.numPages;
  await loading.destroy();
  return { pages, text: lines.join('\n') };
}

async function file(token: string, roomId: number, change: Record<string, string> = {}): Promise<number> {
  const response = await call('POST', '/api/pharmacovigilance-report', token, {
    ...report,
    ...change,
    room_id: roomId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Waits until `count` statements on the receivers (of the test database) wait on a lock. */
async function waitForLockWaiters(count: number): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()
        AND query LIKE '%pharmacovigilance_receivers%'`.execute(test.db);
    if ((rows[0]?.waiting ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} sessions wait on a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const storedReport = (id: number) =>
  test.db
    .selectFrom('pharmacovigilance_reports')
    .select(['id', 'created_at', 'deleted_at', 'deleted_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const receiverRows = (labId: number) =>
  test.db
    .selectFrom('pharmacovigilance_receivers')
    .select(['id', 'email', 'active'])
    .where('lab_id', '=', labId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  // Mails through the job queue as in production: an attachment must survive being a job's data.
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  ({ test, smtp, app, call } = mailed);
  labA = await createLab(test.db, 'Lab A', ['pharmacovigilance']);
  labB = await createLab(test.db, 'Lab B', ['pharmacovigilance']);
  const labWithout = await createLab(test.db, 'Lab without pharmacovigilance', ['polls']);
  officerId = await createUser(test.db, {
    labId: labA,
    email: 'officer@a.test',
    password: 'pw-officer',
    permissions: ['manage_pharmacovigilance'],
    locale: 'en',
  });
  await createUser(test.db, {
    labId: labB,
    email: 'officer@b.test',
    password: 'pw-officer-b',
    permissions: ['manage_pharmacovigilance'],
  });
  await createUser(test.db, { labId: labA, email: 'staff@a.test', password: 'pw-staff' });
  await createUser(test.db, {
    labId: labWithout,
    email: 'admin@without.test',
    password: 'pw-admin',
    role: 'admin',
  });
  const reporterId = await createUser(test.db, {
    labId: labA,
    email: 'reporter@a.test',
    password: 'pw-reporter',
    locale: 'de',
  });
  officer = await signIn(app, 'officer@a.test', 'pw-officer');
  officerB = await signIn(app, 'officer@b.test', 'pw-officer-b');
  plainStaff = await signIn(app, 'staff@a.test', 'pw-staff');
  adminWithoutModule = await signIn(app, 'admin@without.test', 'pw-admin');
  staffReporter = await signIn(app, 'reporter@a.test', 'pw-reporter');

  const eventA = await createEvent(test.db, { labId: labA, slug: 'pv-admin-a' });
  roomA = eventA.roomIds[0] ?? 0;
  guestReporter = await enterRoomAs(test.db, app, {
    labId: labA,
    eventId: eventA.eventId,
    roomId: roomA,
    role: 'animator',
    email: 'doctor.ana@x.org',
  });
  await test.db
    .insertInto('participants')
    .values({
      event_id: eventA.eventId,
      lab_id: labA,
      email: 'reporter@a.test',
      name: 'Rita Reporter',
      role: 'participant',
      room_id: roomA,
      user_id: reporterId,
      job: null,
      location: null,
      timezone: null,
      google_refresh_token: null,
    })
    .execute();
  const createdB = await createEvent(test.db, { labId: labB, slug: 'pv-admin-b' });
  eventB = createdB.eventId;
  roomB = createdB.roomIds[0] ?? 0;
});

afterAll(async () => {
  await mailed.close();
});

describe('the receivers of a lab', () => {
  it('adds several addresses at once, trimmed and lower-cased, each address once', async () => {
    const first = await call('POST', '/api/pharmacovigilance-receiver', officer, {
      emails: [
        { email: '  PV1@Lab-A.test ' },
        { email: 'pv2@lab-a.test', active: false, lab_id: labA },
        { email: 'pv1@lab-a.test', active: false },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual([
      { id: expect.any(Number), email: 'pv1@lab-a.test', active: true, lab_id: labA },
      { id: expect.any(Number), email: 'pv2@lab-a.test', active: false, lab_id: labA },
    ]);
    const [pv1, pv2] = first.json();

    // An address the lab has is answered as the receiver it is (still switched off), not added again.
    const second = await call('POST', '/api/pharmacovigilance-receiver', officer, {
      emails: [{ email: 'PV2@lab-a.test' }, { email: 'pv3@lab-a.test' }],
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual([
      pv2,
      { id: expect.any(Number), email: 'pv3@lab-a.test', active: true, lab_id: labA },
    ]);

    // Two requests adding the same new addresses at once make one receiver of each. The table is held
    // against inserts until both requests wait: without the service's lock both would have found the
    // addresses missing by then, and both would add them.
    let racing: Promise<LightMyRequestResponse[]> = Promise.resolve([]);
    await test.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE pharmacovigilance_receivers IN SHARE MODE`.execute(trx);
      racing = Promise.all(
        [0, 1].map(() =>
          call('POST', '/api/pharmacovigilance-receiver', officer, {
            emails: [{ email: 'same@lab-a.test' }, { email: 'twin@lab-a.test' }],
          }),
        ),
      );
      await waitForLockWaiters(2);
    });
    const raced = await racing;
    expect(raced.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(raced[0]?.json()).toEqual(raced[1]?.json());
    const listed = await call('GET', '/api/pharmacovigilance-receiver', officer);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((receiver: { email: string }) => receiver.email)).toEqual([
      'pv1@lab-a.test',
      'pv2@lab-a.test',
      'pv3@lab-a.test',
      'same@lab-a.test',
      'twin@lab-a.test',
    ]);
    expect(listed.json()[0]).toEqual(pv1);
  });

  it('switches a receiver on and off and changes its address, never to one the lab already has', async () => {
    const [pv1, pv2] = await receiverRows(labA);
    const off = await call('PUT', `/api/pharmacovigilance-receiver/${pv1?.id}`, officer, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: pv1?.id, email: 'pv1@lab-a.test', active: false, lab_id: labA });
    const on = await call('PUT', `/api/pharmacovigilance-receiver/${pv1?.id}`, officer, { active: true });
    expect(on.json().active).toBe(true);

    const moved = await call('PUT', `/api/pharmacovigilance-receiver/${pv2?.id}`, officer, {
      email: ' Safety@Lab-A.test',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ email: 'safety@lab-a.test', active: false });

    const taken = await call('PUT', `/api/pharmacovigilance-receiver/${pv2?.id}`, officer, {
      email: 'PV1@lab-a.test',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toContain('pv1@lab-a.test');
    expect((await receiverRows(labA)).find((row) => row.id === pv2?.id)?.email).toBe('safety@lab-a.test');
  });

  it('deletes one receiver and removes several, counting only those of the lab', async () => {
    const [foreign] = await test.db
      .insertInto('pharmacovigilance_receivers')
      .values({ lab_id: labB, email: 'pv@lab-b.test', active: true })
      .returning('id')
      .execute();
    const rows = await receiverRows(labA);
    const pv3 = rows.find((row) => row.email === 'pv3@lab-a.test');
    const same = rows.find((row) => row.email === 'same@lab-a.test');
    const twin = rows.find((row) => row.email === 'twin@lab-a.test');

    const deleted = await call('DELETE', `/api/pharmacovigilance-receiver/${pv3?.id}`, officer);
    expect(deleted.statusCode).toBe(204);
    expect((await call('DELETE', `/api/pharmacovigilance-receiver/${pv3?.id}`, officer)).statusCode).toBe(
      404,
    );

    const removed = await call('POST', '/api/pharmacovigilance-remove-receivers', officer, {
      ids: [same?.id, twin?.id, foreign?.id, 987654],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: 2 });
    expect((await receiverRows(labA)).map((row) => row.email)).toEqual([
      'pv1@lab-a.test',
      'safety@lab-a.test',
    ]);
    expect(await receiverRows(labB)).toEqual([{ id: foreign?.id, email: 'pv@lab-b.test', active: true }]);
  });

  it('names the field of a bad request, and refuses another lab as lab_id', async () => {
    const cases: [Method, string, Payload, string][] = [
      ['POST', '/api/pharmacovigilance-receiver', { emails: [{ email: 'not-an-email' }] }, 'emails.0.email'],
      ['POST', '/api/pharmacovigilance-receiver', { emails: [{ email: '   ' }] }, 'emails.0.email'],
      ['POST', '/api/pharmacovigilance-receiver', { emails: [] }, 'emails'],
      ['POST', '/api/pharmacovigilance-receiver', {}, 'emails'],
      [
        'POST',
        '/api/pharmacovigilance-receiver',
        { emails: [{ email: 'a@b.test', active: 'yes' }] },
        'emails.0.active',
      ],
      [
        'POST',
        '/api/pharmacovigilance-receiver',
        { emails: [{ email: 'a\u0000@b.test' }] },
        'emails.0.email',
      ],
      ['PUT', '/api/pharmacovigilance-receiver/1', { email: 'nope' }, 'email'],
      ['POST', '/api/pharmacovigilance-remove-receivers', { ids: [] }, 'ids'],
      ['POST', '/api/pharmacovigilance-report/delete-multiple', { ids: ['1'] }, 'ids.0'],
      ['GET', '/api/pharmacovigilance-report?count=0', undefined, 'count'],
      ['GET', '/api/pharmacovigilance-report?start=-1', undefined, 'start'],
      ['GET', '/api/pharmacovigilance-report?count=0x10', undefined, 'count'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await call(method, url, officer, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().errors[0].field, `${method} ${url} ${JSON.stringify(body)}`).toBe(field);
    }
    const emptyChange = await call('PUT', '/api/pharmacovigilance-receiver/1', officer, {});
    expect(emptyChange.statusCode).toBe(400);
    expect(emptyChange.json().errors[0].message).toBe('must change email or active');

    const otherLab = await call('POST', '/api/pharmacovigilance-receiver', officer, {
      emails: [{ email: 'ok@lab-a.test' }, { email: 'sneaky@lab-a.test', lab_id: labB }],
    });
    expect(otherLab.statusCode).toBe(403);
    expect(otherLab.json().detail).toContain('emails.1.lab_id');
    expect((await receiverRows(labA)).map((row) => row.email)).not.toContain('ok@lab-a.test');
  });
});

describe('the reports of a lab', () => {
  let filed: number;

  it('mails a filed report to the receivers with its PDF, and its reference to the reporter', async () => {
    filed = await file(staffReporter, roomA, { drug_name: 'Mailozol' });
    const { created_at } = await storedReport(filed);
    const reference = reportReference(filed, created_at);

    const toReceiver = await smtp.waitForMail(
      (mail) => mail.to.includes('pv1@lab-a.test') && mail.text.includes('Mailozol'),
    );
    // Switched off: no mail.
    expect(smtp.mails.some((mail) => mail.to.includes('safety@lab-a.test'))).toBe(false);
    const [attachment, ...others] = mailAttachments(toReceiver);
    expect(others).toEqual([]);
    expect(attachment?.filename).toBe(`${reference}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    const { text } = await pdfText(new Uint8Array(attachment?.content ?? []));
    for (const expected of ['Mailozol', reference, "Déclaration d'effet indésirable suspecté", 'J. D.']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Durand');

    // The reporter reads German: their account's language.
    const acknowledgement = await smtp.waitForMail((mail) => mail.to.includes('reporter@a.test'));
    expect(acknowledgement.raw).toContain(`Subject: Pharmakovigilanz: Ihre Meldung ${reference} ist erfasst`);
    expect(acknowledgement.text).toContain(`unter der Referenz ${reference} erfasst`);
    expect(acknowledgement.text).toContain('Mailozol');
    expect(mailAttachments(acknowledgement)).toEqual([]);
    const logged = await test.db
      .selectFrom('mail_log')
      .select(['kind', 'recipient'])
      .where('lab_id', '=', labA)
      .where('kind', '=', 'pharmacovigilance_ack')
      .execute();
    expect(logged).toEqual([{ kind: 'pharmacovigilance_ack', recipient: 'reporter@a.test' }]);
  });

  it('lists the reports not deleted, newest first, a page at a time, with their total', async () => {
    const before = (await call('GET', '/api/pharmacovigilance-report?start=0&count=100', officer)).json()
      .total;
    const ids: number[] = [];
    for (const drug of ['Drug one', 'Drug two', 'Drug three']) {
      ids.push(await file(guestReporter.token, roomA, { drug_name: drug }));
    }
    const firstPage = await call('GET', '/api/pharmacovigilance-report?start=0&count=2', officer);
    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.json().total).toBe(before + 3);
    expect(firstPage.json().items.map((item: { drug_name: string }) => item.drug_name)).toEqual([
      'Drug three',
      'Drug two',
    ]);
    const newest = firstPage.json().items[0];
    const { created_at } = await storedReport(ids[2] ?? 0);
    expect(newest).toEqual({
      id: ids[2],
      reference: reportReference(ids[2] ?? 0, created_at),
      user: null,
      username: 'doctor.ana',
      date: created_at.toISOString(),
      session_name: 'Event pv-admin-a',
      drug_name: 'Drug three',
    });
    const secondPage = await call('GET', '/api/pharmacovigilance-report?start=2&count=2', officer);
    expect(secondPage.json().items.map((item: { drug_name: string }) => item.drug_name)[0]).toBe('Drug one');
    // The page size by default is the spec's first, 5.
    const byDefault = await call('GET', '/api/pharmacovigilance-report', officer);
    expect(byDefault.json().items).toHaveLength(Math.min(5, before + 3));
  });

  it('shows a report with the patient as initials, never their names', async () => {
    const response = await call('GET', `/api/pharmacovigilance-report/${filed}`, officer);
    expect(response.statusCode).toBe(200);
    const { created_at } = await storedReport(filed);
    expect(response.json()).toEqual({
      id: filed,
      reference: reportReference(filed, created_at),
      user: expect.any(Number),
      username: 'Test reporter',
      date: created_at.toISOString(),
      session_name: 'Event pv-admin-a',
      event_id: expect.any(Number),
      gender: 'f',
      patient_initials: 'J. D.',
      patient_birthday: '1980-04-12',
      age_range: 'Adults',
      doctor_lastname: 'Leroy',
      doctor_firstname: 'Marc',
      phone_number: '06 12 34 56 78',
      doctor_email: 'marc.leroy@cabinet.fr',
      doctor_specialty: 'Cardiology',
      doctor_address: '1 rue de la Paix, Paris',
      doctor_zip_code: '75002',
      drug_name: 'Mailozol',
      drug_batch_number: '4711',
      drug_adverse_reaction: 'Dizziness after the second dose.',
      // Filing signed it (21 CFR 11.50): the printed name, when, what it means, bound by the hash.
      signature: {
        name: 'Test reporter',
        signed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        meaning: 'authorship',
        content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        intact: true,
      },
    });
    expect(response.body).not.toContain('Jeanne');
    expect(response.body).not.toContain('Durand');
    expect((await call('GET', '/api/pharmacovigilance-report/987654', officer)).statusCode).toBe(404);
  });

  it('says when a signed report was changed in the database after it was signed', async () => {
    const altered = await file(guestReporter.token, roomA, { drug_batch_number: '1234' });
    const before = (await call('GET', `/api/pharmacovigilance-report/${altered}`, officer)).json();
    expect(before.signature.intact).toBe(true);
    await sql`UPDATE pharmacovigilance_reports SET drug_batch_number = '1235' WHERE id = ${altered}`.execute(
      test.db,
    );
    const after = (await call('GET', `/api/pharmacovigilance-report/${altered}`, officer)).json();
    expect(after.signature).toMatchObject({ intact: false, content_hash: before.signature.content_hash });
    const pdf = await pdfText(
      new Uint8Array((await call('GET', `/api/pharmacovigilance-report/${altered}/pdf`, officer)).rawPayload),
    );
    expect(pdf.text).toContain('WARNING: the stored report no longer matches the signed fingerprint.');
  });

  it("prints a report as a PDF in the reader's language, its long texts wrapped over pages", async () => {
    const response = await call('GET', `/api/pharmacovigilance-report/${filed}/pdf`, officer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { created_at } = await storedReport(filed);
    const reference = reportReference(filed, created_at);
    expect(response.headers['content-disposition']).toContain(`attachment; filename="${reference}.pdf"`);
    // Downloading a report is an export the audit trail keeps (issue 32).
    const exported = await test.db
      .selectFrom('audit_entries')
      .select(['action', 'record_id', 'changes'])
      .where('record_type', '=', 'pharmacovigilance-report')
      .where('action', '=', 'export')
      .execute();
    expect(exported).toContainEqual({
      action: 'export',
      record_id: String(filed),
      changes: [{ field: 'file', old: null, new: `${reference}.pdf` }],
    });
    const pdf = await pdfText(new Uint8Array(response.rawPayload));
    for (const expected of [
      'Suspect adverse reaction report',
      'I. REACTION INFORMATION',
      'IV. REPORT',
      reference,
      'Mailozol',
      '4711',
      'Leroy',
      'Cardiology',
      'Dizziness after the second dose.',
      'Lab A',
      'Event pv-admin-a',
      'Test reporter',
      '12/04/1980',
      'V. ELECTRONIC SIGNATURE',
      'Author of the report: I certify',
      'The stored report matches the signed fingerprint.',
    ]) {
      expect(pdf.text).toContain(expected);
    }
    expect(pdf.text).not.toContain('Jeanne');
    expect(pdf.text).not.toContain('Durand');

    // A reaction of 161 lines (the form takes up to 5000 characters), and names beyond Western European
    // letters.
    const reaction = `${'Palpitations, then dizziness.\n'.repeat(160)}Last words.`;
    const long = await file(guestReporter.token, roomA, {
      drug_name: 'Βeta-Łekozol',
      doctor_lastname: 'Łukasiewicz',
      drug_adverse_reaction: reaction,
    });
    const longPdf = await call('GET', `/api/pharmacovigilance-report/${long}/pdf`, officer);
    expect(longPdf.statusCode).toBe(200);
    const longText = await pdfText(new Uint8Array(longPdf.rawPayload));
    expect(longText.pages).toBeGreaterThan(1);
    expect(longText.text).toContain('Last words.');
    expect(longText.text).toContain('Βeta-Łekozol');
    expect(longText.text).toContain('Łukasiewicz');
    expect(longText.text).toContain(`Page ${longText.pages} of ${longText.pages}`);
  });

  it('archives a deleted report: gone from the list and the page, its row kept with who deleted it', async () => {
    const deleted = await call('DELETE', `/api/pharmacovigilance-report/${filed}`, officer);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/pharmacovigilance-report/${filed}`, officer)).statusCode).toBe(404);
    expect((await call('GET', `/api/pharmacovigilance-report/${filed}/pdf`, officer)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/pharmacovigilance-report/${filed}`, officer)).statusCode).toBe(404);
    const list = (await call('GET', '/api/pharmacovigilance-report?count=100', officer)).json();
    expect(list.items.map((item: { id: number }) => item.id)).not.toContain(filed);
    expect(await storedReport(filed)).toMatchObject({ deleted_at: expect.any(Date), deleted_by: officerId });

    const [first, second] = list.items.map((item: { id: number }) => item.id);
    const many = await call('POST', '/api/pharmacovigilance-report/delete-multiple', officer, {
      ids: [first, second, filed],
    });
    expect(many.statusCode).toBe(200);
    // The one deleted before is not counted again.
    expect(many.json()).toEqual({ removed: 2 });
    const after = (await call('GET', '/api/pharmacovigilance-report?count=100', officer)).json();
    expect(after.total).toBe(list.total - 2);
    expect(await storedReport(first)).toMatchObject({ deleted_at: expect.any(Date), deleted_by: officerId });
  });
});

describe('each lab its own, behind the permission and the module', () => {
  it("answers another lab's receiver and report as absent, and leaves them alone", async () => {
    const [foreignReceiver] = await receiverRows(labB);
    const guestB = await enterRoomAs(test.db, app, {
      labId: labB,
      eventId: eventB,
      roomId: roomB,
      role: 'participant',
      email: 'someone@b.test',
    });
    const foreignReport = await file(guestB.token, roomB, { drug_name: 'Foreignol' });
    const attempts: [Method, string, Payload][] = [
      ['PUT', `/api/pharmacovigilance-receiver/${foreignReceiver?.id}`, { active: false }],
      ['DELETE', `/api/pharmacovigilance-receiver/${foreignReceiver?.id}`, undefined],
      ['GET', `/api/pharmacovigilance-report/${foreignReport}`, undefined],
      ['GET', `/api/pharmacovigilance-report/${foreignReport}/pdf`, undefined],
      ['DELETE', `/api/pharmacovigilance-report/${foreignReport}`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(method, url, officer, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Foreignol');
    }
    const bulk = await call('POST', '/api/pharmacovigilance-report/delete-multiple', officer, {
      ids: [foreignReport],
    });
    expect(bulk.json()).toEqual({ removed: 0 });
    const ownList = (await call('GET', '/api/pharmacovigilance-report?count=100', officer)).json();
    expect(ownList.items.map((item: { id: number }) => item.id)).not.toContain(foreignReport);
    const ownReceivers = (await call('GET', '/api/pharmacovigilance-receiver', officer)).json();
    expect(ownReceivers.map((receiver: { id: number }) => receiver.id)).not.toContain(foreignReceiver?.id);

    expect(await receiverRows(labB)).toEqual([foreignReceiver]);
    expect(await storedReport(foreignReport)).toMatchObject({ deleted_at: null, deleted_by: null });
    // Lab B's officer still sees and reads them.
    const own = await call('GET', `/api/pharmacovigilance-report/${foreignReport}`, officerB);
    expect(own.statusCode).toBe(200);
    expect(own.json().drug_name).toBe('Foreignol');
  });

  it('refuses staff without manage pharmacovigilance, a lab without the module, and guests', async () => {
    const calls: [Method, string, Payload][] = [
      ['GET', '/api/pharmacovigilance-receiver', undefined],
      ['POST', '/api/pharmacovigilance-receiver', { emails: [{ email: 'x@y.test' }] }],
      ['POST', '/api/pharmacovigilance-remove-receivers', { ids: [1] }],
      ['GET', '/api/pharmacovigilance-report', undefined],
      ['GET', '/api/pharmacovigilance-report/1/pdf', undefined],
      ['POST', '/api/pharmacovigilance-report/delete-multiple', { ids: [1] }],
    ];
    for (const [method, url, payload] of calls) {
      const withoutPermission = await call(method, url, plainStaff, payload);
      expect(withoutPermission.statusCode, `${method} ${url}`).toBe(403);
      expect(withoutPermission.json().detail).toBe('Not enough permissions');
      const withoutModule = await call(method, url, adminWithoutModule, payload);
      expect(withoutModule.statusCode, `${method} ${url}`).toBe(403);
      expect(withoutModule.json().code).toBe('module_disabled');
      expect((await call(method, url, guestReporter.token, payload)).statusCode).toBe(403);
    }
    // The officer of the same lab passes.
    expect((await call('GET', '/api/pharmacovigilance-receiver', officer)).statusCode).toBe(200);
  });
});
