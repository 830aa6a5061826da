// Pharmacovigilance reports filed from a room, over HTTP on a real database with mail over real SMTP:
// stored, mailed to the lab's active receivers, validated field by field; a mail failure loses nothing.
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  enterRoomAs,
  type RoomPerson,
  SAMPLE_PHARMACOVIGILANCE_REPORT,
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
let roomId: number;
let reporter: RoomPerson;

const report = SAMPLE_PHARMACOVIGILANCE_REPORT;

beforeAll(async () => {
  test = await createTestDatabase();
  smtp = await startSmtpCapture();
  app = await buildTestApp(test, { mailer: createSmtpMailer(smtp.url, 'LabLive <no-reply@lablive.test>') });
  call = caller(app);
  labId = await createLab(test.db, 'Lab A', ['pharmacovigilance']);
  await test.db
    .insertInto('pharmacovigilance_receivers')
    .values([
      { lab_id: labId, email: 'pv1@lab-a.test', active: true },
      { lab_id: labId, email: 'pv2@lab-a.test', active: true },
      { lab_id: labId, email: 'retired@lab-a.test', active: false },
    ])
    .execute();
  const event = await createEvent(test.db, { labId, slug: 'pv-1' });
  roomId = event.roomIds[0] ?? 0;
  reporter = await enterRoomAs(test.db, app, {
    labId,
    eventId: event.eventId,
    roomId,
    role: 'animator',
    email: 'doctor.ana@x.org',
  });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await test.drop();
});

describe('POST /api/pharmacovigilance-report', () => {
  it('stores the report and mails it to every active receiver of the lab', async () => {
    const response = await call('POST', '/api/pharmacovigilance-report', reporter.token, {
      ...report,
      room_id: roomId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), mailed: true });
    const row = await test.db
      .selectFrom('pharmacovigilance_reports')
      .selectAll()
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      lab_id: labId,
      room_id: roomId,
      participant_id: reporter.participantId,
      username: 'doctor.ana',
      session_name: 'Event pv-1',
      drug_name: 'Cardiozol',
      doctor_zip_code: '75002',
    });
    const first = await smtp.waitForMail((m) => m.to.includes('pv1@lab-a.test'));
    await smtp.waitForMail((m) => m.to.includes('pv2@lab-a.test'));
    expect(smtp.mails.some((m) => m.to.includes('retired@lab-a.test'))).toBe(false);
    expect(first.to).toEqual(['pv1@lab-a.test']);
    for (const text of [
      'Cardiozol',
      'Dizziness after the second dose.',
      'Leroy',
      'J. D.',
      'Patient traité',
      'Event pv-1',
      // The age range in the mail's language too.
      'Adultes',
      // French typography: a no-break space before the colon.
      'Tranche d’âge\u00a0: Adultes',
    ]) {
      expect(first.text).toContain(text);
    }
    expect(first.text).not.toContain('Adults');

    // The reporter's acknowledgement carries their signature (21 CFR 11.50), bound to the report's hash.
    expect(row.signed_name).toBe('doctor.ana');
    expect(row.signature_meaning).toBe('authorship');
    const hash = row.content_hash?.toString('hex') ?? '';
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const acknowledgement = await smtp.waitForMail((m) => m.to.includes('doctor.ana@x.org'));
    expect(acknowledgement.text).toMatch(
      /(Signée électroniquement par|Signed electronically by) doctor\.ana/,
    );
    expect(acknowledgement.text).toContain(hash);
    expect(acknowledgement.text).toMatch(/Author of the report|Auteur de la déclaration/);
  });

  it('names the field of each invalid value', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ doctor_phone: '12345' }, 'doctor_phone'],
      [{ doctor_phone: '+33 6 12 34 56' }, 'doctor_phone'],
      [{ doctor_email: 'not-an-email' }, 'doctor_email'],
      [{ doctor_zip_code: '0' }, 'doctor_zip_code'],
      [{ drug_batch_number: 'A12' }, 'drug_batch_number'],
      [{ gender: 'w' }, 'gender'],
      [{ patient_birthdate: '1980-02-30 00:00:00' }, 'patient_birthdate'],
      [{ patient_age_range: 'Seniors' }, 'patient_age_range'],
      // Born in 1980, not a newborn: the range contradicts the birth date.
      [{ patient_age_range: 'Newborns' }, 'patient_age_range'],
      [{ patient_birthdate: '2999-01-01 00:00:00' }, 'patient_birthdate'],
      [{ drug_name: '   ' }, 'drug_name'],
    ];
    for (const [change, field] of cases) {
      const response = await call('POST', '/api/pharmacovigilance-report', reporter.token, {
        ...report,
        ...change,
        room_id: roomId,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[0].field).toBe(field);
    }
    const missing = await call('POST', '/api/pharmacovigilance-report', reporter.token, { room_id: roomId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].message).toBe('This field must be filled');
    // An international number in the general pattern is accepted.
    const foreign = await call('POST', '/api/pharmacovigilance-report', reporter.token, {
      ...report,
      doctor_phone: '+49.151.234-567',
      room_id: roomId,
    });
    expect(foreign.statusCode).toBe(201);
  });

  it('needs a participation in the event and the lab module', async () => {
    await createUser(test.db, { labId, email: 'plain@a.test', password: 'pw-plain' });
    const outsider = await call(
      'POST',
      '/api/pharmacovigilance-report',
      await signIn(app, 'plain@a.test', 'pw-plain'),
      {
        ...report,
        room_id: roomId,
      },
    );
    expect(outsider.statusCode).toBe(403);
    await test.db.deleteFrom('lab_modules').where('lab_id', '=', labId).execute();
    const disabled = await call('POST', '/api/pharmacovigilance-report', reporter.token, {
      ...report,
      room_id: roomId,
    });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('module_disabled');
    await test.db.insertInto('lab_modules').values({ lab_id: labId, module: 'pharmacovigilance' }).execute();
  });

  it('keeps the report and answers mailed: false when the mail cannot be sent', async () => {
    // Nothing listens on port 9: the SMTP connection is refused, a real failure.
    const unreachable = await buildTestApp(test, {
      mailer: createSmtpMailer('smtp://127.0.0.1:9', 'x@lablive.test'),
    });
    try {
      const response = await caller(unreachable)('POST', '/api/pharmacovigilance-report', reporter.token, {
        ...report,
        drug_name: 'Unmailed',
        room_id: roomId,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().mailed).toBe(false);
      const stored = await test.db
        .selectFrom('pharmacovigilance_reports')
        .select('drug_name')
        .where('id', '=', response.json().id)
        .executeTakeFirst();
      expect(stored?.drug_name).toBe('Unmailed');
    } finally {
      await unreachable.close();
    }
  });
});
