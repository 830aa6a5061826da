// Attendance certificates end to end on a real database, job queue and SMTP server (issue 33, part 6):
// the rules set while the event is planned and refused (409, with the refusal's key) once it started; a
// real session run through the room service (four guests: present throughout with a poll answered,
// gone after 20 minutes, present without answering, never came) folded by the `sessions` projection;
// the event closed through the API, after which the job issues one certificate, to the one who
// qualified, mailed once in their language with the PDF (read back with poppler's pdftotext); the
// statistics' standings with each shortfall, agreeing with the session detail's figures; the guest's
// own certificate and PDF; the public verification (valid, unknown, rate-limited); a revocation with a
// reason, in the audit trail, which the public check then says; and another lab sees none of it.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ERASED_VALUE,
  type EventCertificates,
  type EventStats,
  formatCertificateCode,
  type RoomActor,
  type RoomCommand,
} from '@lablive/domain';
import {
  createLab,
  createUser,
  enterRoomAs,
  type MailedApp,
  mailAttachments,
  signIn,
  startMailedApp,
  TEST_REASON,
} from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/index.ts';
import { createEventStore } from '../event-store/eventStore.ts';
import { createWakeUp } from '../event-store/wakeUp.ts';
import { createProjectionLeases } from '../projections/projectionLeases.ts';
import { createProjectionRunner, type ProjectionRunner } from '../projections/runner.ts';
import { sessionsProjection } from '../projections/sessions/sessionsProjection.ts';
import { createRoomService, type RunningRoomService } from '../rooms/createRoomService.ts';
import { issueEventCertificates } from './certificateIssuance.ts';
import { certificatePdf } from './certificatePdf.ts';

const PASSWORD = 'a long enough password';
const run$ = promisify(execFile);
let mailed: MailedApp;
let rooms: RunningRoomService;
let runner: ProjectionRunner;
let leases: ReturnType<typeof createProjectionLeases>;
let labId: number;
let adminId: number;
let adminToken: string;
let otherLabToken: string;
let eventId: number;
let roomId: number;
const guests: Record<'alice' | 'bob' | 'carol' | 'dan', { actor: RoomActor; token: string }> = {} as never;
let clock = new Date('2026-11-20T09:58:00Z');
const at = (time: string) => {
  clock = new Date(`2026-11-20T${time}Z`);
};

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(tmpdir(), `certificate-${randomUUID()}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run$('pdftotext', ['-layout', file, '-']);
  return stdout;
}

async function run(actor: RoomActor, command: RoomCommand) {
  const outcome = await rooms.execute({ roomId, commandId: randomUUID(), actor, command });
  if (!outcome.ok) throw new Error(`${command.type} refused: ${JSON.stringify(outcome)}`);
}

const get = async (url: string, token = adminToken) => mailed.call('GET', url, token);

async function guest(name: string, email: string, locale: string | null) {
  const person = await enterRoomAs(mailed.test.db, mailed.app, {
    labId,
    eventId,
    roomId,
    role: 'participant',
    email,
  });
  await mailed.test.db
    .updateTable('participants')
    .set({ name, locale })
    .where('id', '=', person.participantId)
    .execute();
  const actor: RoomActor = {
    participantId: person.participantId,
    userId: null,
    role: 'participant',
    name,
    email,
  };
  return { actor, token: person.token };
}

beforeAll(async () => {
  mailed = await startMailedApp({ jobs: { retryDelaySeconds: 1 } });
  const { db } = mailed.test;
  labId = await createLab(db, 'Certificates lab', ['stats', 'polls']);
  adminId = await createUser(db, {
    labId,
    email: 'admin@certificates.test',
    password: PASSWORD,
    role: 'admin',
  });
  const otherLab = await createLab(db, 'Other lab', ['stats', 'polls']);
  await createUser(db, { labId: otherLab, email: 'admin@other.test', password: PASSWORD, role: 'admin' });
  adminToken = await signIn(mailed.app, 'admin@certificates.test', PASSWORD);
  otherLabToken = await signIn(mailed.app, 'admin@other.test', PASSWORD);
  // A planned event (not started), on Paris time, owned by the admin, with one room.
  const event = await db
    .insertInto('events')
    .values({
      lab_id: labId,
      owner_id: adminId,
      name: 'Cardiology update',
      slug: 'cardiology-update',
      is_public: false,
      active: false,
      planned_start_date: new Date('2026-11-20T10:00:00Z'),
      planned_end_date: new Date('2026-11-20T11:00:00Z'),
      default_timezone: 'Europe/Paris',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  eventId = event.id;
  roomId = (
    await db
      .insertInto('rooms')
      .values({ event_id: eventId, lab_id: labId, opentok_session_id: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  guests.alice = await guest('Alice Martin', 'alice@example.org', 'fr');
  guests.bob = await guest('Bob Leroy', 'bob@example.org', null);
  guests.carol = await guest('Carol Weber', 'carol@example.org', 'de');
  guests.dan = await guest('Dan Moreau', 'dan@example.org', null);

  const wakeUp = createWakeUp();
  rooms = await createRoomService({
    db,
    databaseUrl: mailed.test.url,
    bus: createInProcessBus(),
    log: () => {},
    now: () => clock,
    wakeUp,
  });
  leases = createProjectionLeases(mailed.test.url, () => {});
  runner = createProjectionRunner({
    db,
    eventStore: createEventStore(db, { wakeUp }),
    projections: [sessionsProjection],
    leases,
    log: () => {},
    pollIntervalMs: 50,
  });
  runner.start();
}, 60_000);

afterAll(async () => {
  await runner?.stop();
  await leases?.close();
  await rooms?.close();
  await mailed?.close();
});

describe('the rules', () => {
  it('are set while the event is planned, and locked (409, translated) once it starts', async () => {
    const rules = { enabled: true, min_presence_percent: 50, min_polls_answered: 1 };
    const saved = await mailed.call('PUT', `/api/events/${eventId}/certificate-rules`, adminToken, rules);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...rules, locked: false });

    const started = await mailed.call('PUT', `/api/events/${eventId}`, adminToken, { active: true });
    expect(started.statusCode).toBe(200);
    const refused = await mailed.call('PUT', `/api/events/${eventId}/certificate-rules`, adminToken, {
      ...rules,
      min_presence_percent: 10,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'conflict',
      key: 'certificateRulesLocked',
      detail: 'The certificate rules are locked: the event has started.',
    });
    const read = await get(`/api/events/${eventId}/certificate-rules`);
    expect(read.json()).toEqual({ ...rules, locked: true });
  });

  it('refuse a share over 100 % and a negative count, naming the field', async () => {
    const response = await mailed.call('PUT', `/api/events/${eventId}/certificate-rules`, adminToken, {
      enabled: true,
      min_presence_percent: 120,
      min_polls_answered: -1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/min_presence_percent/);
  });

  it('are no business of another lab', async () => {
    for (const [method, url] of [
      ['GET', `/api/events/${eventId}/certificate-rules`],
      ['GET', `/api/events/${eventId}/certificates`],
      ['POST', `/api/events/${eventId}/certificates/1/revoke`],
    ] as const) {
      expect((await mailed.call(method, url, otherLabToken)).statusCode, url).toBe(404);
    }
  });
});

describe('after a real session and the close', () => {
  let aliceMailText = '';
  let aliceCode = '';

  beforeAll(async () => {
    const { alice, bob, carol } = guests;
    const ana: RoomActor = {
      participantId: 0,
      userId: adminId,
      role: 'animator',
      name: 'Admin',
      email: 'admin@certificates.test',
    };
    at('09:58:00');
    await run(alice.actor, { type: 'JoinRoom', data: { connectionId: 'alice-1' } });
    await run(bob.actor, { type: 'JoinRoom', data: { connectionId: 'bob-1' } });
    await run(carol.actor, { type: 'JoinRoom', data: { connectionId: 'carol-1' } });
    const animator = await enterRoomAs(mailed.test.db, mailed.app, {
      labId,
      eventId,
      roomId,
      role: 'animator',
      email: 'ana@example.org',
    });
    const host: RoomActor = { ...ana, participantId: animator.participantId, userId: null, name: 'Ana' };
    await run(host, { type: 'JoinRoom', data: { connectionId: 'ana-1' } });
    at('10:00:00');
    await run(host, { type: 'StartSession', data: {} });
    at('10:10:00');
    await run(host, {
      type: 'CreatePoll',
      data: {
        pollId: 'p1',
        title: 'Dose',
        question: 'Which dose?',
        options: ['5 mg', '10 mg'],
        allowMultiple: false,
      },
    });
    await run(host, { type: 'StartPoll', data: { pollId: 'p1' } });
    at('10:12:00');
    await run(alice.actor, { type: 'AnswerPoll', data: { pollId: 'p1', answers: [0] } });
    await run(bob.actor, { type: 'AnswerPoll', data: { pollId: 'p1', answers: [1] } });
    at('10:15:00');
    await run(host, { type: 'ClosePoll', data: { pollId: 'p1' } });
    // Bob leaves for good after 20 minutes of the session.
    at('10:20:00');
    await run(bob.actor, { type: 'LeaveRoom', data: { connectionId: 'bob-1', reason: 'left' } });
    at('11:00:00');
    await run(host, { type: 'CloseSession', data: { closedByUserId: adminId } });
    // The room is handed back (its lease freed), so the app's own room service can end it on the close.
    await rooms.close();
    await runner.caughtUp();

    const closed = await mailed.call('PUT', `/api/events/${eventId}`, adminToken, { active: false });
    expect(closed.statusCode).toBe(200);
    const mail = await mailed.smtp.waitForMail(
      (each) => each.to.includes('alice@example.org') && /attestation/i.test(each.text),
      30_000,
    );
    aliceMailText = mail.text;
    const [pdf] = mailAttachments(mail);
    if (!pdf) throw new Error('no PDF attached');
    expect(pdf.contentType).toBe('application/pdf');
    aliceMailText += `\n----PDF----\n${await pdfText(pdf.content)}`;
    aliceCode =
      /Code de v.rification.{0,3}:\s*([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})/s.exec(aliceMailText)?.[1] ?? '';
  }, 90_000);

  it('mail the one who qualified, in French, with the PDF of what the certificate attests', () => {
    expect(aliceMailText).toContain('Merci d’avoir participé à l’événement « Cardiology update »');
    expect(aliceMailText).toContain('Votre attestation de présence est jointe au format PDF.');
    expect(aliceCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    const [, pdf = ''] = aliceMailText.split('----PDF----');
    const words = pdf.replace(/\s+/g, ' ');
    expect(words).toContain('Attestation de présence');
    expect(words).toContain('Alice Martin');
    expect(words).toContain('Cardiology update');
    expect(words).toContain('organisé par Certificates lab');
    // The session's start, 10:00 UTC, on the event's clock with the zone named.
    expect(words).toMatch(/vendredi 20 novembre 2026 .{0,4}11:00 \(.*Europe\/Paris\)/);
    expect(words).toContain('Temps de présence : 60 minute(s) sur 60 minute(s).');
    expect(words).toContain('Sondages répondus : 1.');
    expect(words).toContain(aliceCode);
    expect(words).toContain(`http://lablive.test/certificates/verify/${aliceCode}`);
  });

  it('mail nobody else, and once only however often the issuance runs', async () => {
    const again = await issueEventCertificates(
      {
        db: mailed.test.db,
        mailOutbox: { send: async () => {}, sendMany: async () => {}, sendFromJob: async () => new Map() },
        publicUrl: 'http://lablive.test',
      },
      eventId,
    );
    expect(again).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const certificateMails = mailed.smtp.mails.filter((mail) =>
      /attestation|certificate|bescheinigung/i.test(mail.text),
    );
    expect(certificateMails.map((mail) => mail.to)).toEqual([['alice@example.org']]);
    const logged = await mailed.test.db
      .selectFrom('mail_log')
      .select(['kind', 'participant_id', 'state'])
      .where('kind', '=', 'certificate')
      .execute();
    expect(logged).toEqual([
      { kind: 'certificate', participant_id: guests.alice.actor.participantId, state: 'sent' },
    ]);
  });

  it("show staff who qualified and who did not, and why, with the statistics' own figures", async () => {
    const response = await get(`/api/events/${eventId}/certificates`);
    expect(response.statusCode).toBe(200);
    const standings = response.json() as EventCertificates;
    expect(standings.closed).toBe(true);
    expect(standings.event_minutes).toBe(60);
    const byName = new Map(standings.participants.map((row) => [row.name, row]));
    expect([...byName.keys()].sort()).toEqual(['Alice Martin', 'Bob Leroy', 'Carol Weber', 'Dan Moreau']);
    expect(byName.get('Alice Martin')).toMatchObject({
      minutes_present: 60,
      presence_percent: 100,
      polls_answered: 1,
      shortfalls: [],
    });
    expect(byName.get('Alice Martin')?.certificate?.code).toBe(aliceCode.replaceAll('-', ''));
    expect(byName.get('Bob Leroy')).toMatchObject({
      minutes_present: 20,
      presence_percent: 33,
      polls_answered: 1,
      shortfalls: ['presence'],
      certificate: null,
    });
    expect(byName.get('Carol Weber')).toMatchObject({
      minutes_present: 60,
      polls_answered: 0,
      shortfalls: ['polls'],
      certificate: null,
    });
    expect(byName.get('Dan Moreau')).toMatchObject({
      minutes_present: 0,
      shortfalls: ['presence', 'polls'],
      certificate: null,
    });

    // The session detail says the same minutes for each person.
    const statsResponse = await get(`/api/events/${eventId}/stats`);
    expect(statsResponse.statusCode).toBe(200);
    const stats = statsResponse.json() as EventStats;
    const seconds = new Map<number, number>();
    for (const session of stats.sessions) {
      for (const person of session.participants) {
        seconds.set(
          person.participant_id,
          (seconds.get(person.participant_id) ?? 0) + person.present_seconds,
        );
      }
    }
    for (const row of standings.participants) {
      expect(Math.floor((seconds.get(row.participant_id) ?? 0) / 60), row.name).toBe(row.minutes_present);
    }
  });

  it("give the guest their certificate on their event page, and no one else's", async () => {
    const mine = await get(`/api/events/${eventId}/my-certificate`, guests.alice.token);
    expect(mine.json()).toMatchObject({
      status: 'issued',
      certificate: { minutes_present: 60, revoked_at: null },
    });
    const pdf = await get(`/api/events/${eventId}/my-certificate/pdf`, guests.alice.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attestation');
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain(aliceCode);

    expect((await get(`/api/events/${eventId}/my-certificate`, guests.bob.token)).json()).toEqual({
      status: 'none',
    });
    const none = await get(`/api/events/${eventId}/my-certificate/pdf`, guests.bob.token);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ key: 'certificateNone' });
  });

  it('are confirmed by the public page by their code, typed in any case, and refuse an unknown one', async () => {
    const valid = await mailed.app.inject({
      method: 'GET',
      url: `/api/certificates/verify/${aliceCode.toLowerCase()}`,
    });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({
      status: 'valid',
      code: aliceCode.replaceAll('-', ''),
      name: 'Alice Martin',
      event_name: 'Cardiology update',
      held_at: '2026-11-20T10:00:00.000Z',
      time_zone: 'Europe/Paris',
      minutes_present: 60,
    });
    for (const unknown of [formatCertificateCode('0'.repeat(20)), 'not-a-code']) {
      const refused = await mailed.app.inject({ method: 'GET', url: `/api/certificates/verify/${unknown}` });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        key: 'certificateUnknown',
        detail: 'No certificate has this code.',
      });
    }
  });

  it('are revoked by staff with a reason, recorded in the audit trail; the public page then says revoked', async () => {
    const certificateId = (
      (await get(`/api/events/${eventId}/certificates`)).json() as EventCertificates
    ).participants.find((row) => row.name === 'Alice Martin')?.certificate?.id;
    const url = `/api/events/${eventId}/certificates/${certificateId}/revoke`;
    const noReason = await mailed.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(noReason.statusCode).toBe(400);
    expect((await mailed.call('POST', url, guests.alice.token)).statusCode).toBe(403);
    const revoked = await mailed.call('POST', url, adminToken);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();

    const check = await mailed.app.inject({ method: 'GET', url: `/api/certificates/verify/${aliceCode}` });
    expect(check.json()).toMatchObject({ status: 'revoked', name: 'Alice Martin' });
    expect((await get(`/api/events/${eventId}/my-certificate/pdf`, guests.alice.token)).statusCode).toBe(410);
    const trail = await mailed.test.db
      .selectFrom('audit_entries')
      .select(['action', 'reason', 'record_id'])
      .where('record_type', '=', 'certificate')
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { action: 'create', reason: null, record_id: String(certificateId) },
      { action: 'change', reason: TEST_REASON, record_id: String(certificateId) },
    ]);
  });
});

describe('an erasure of the holder', () => {
  it('erases their name on the certificate too: the public page says erased, nowhere the name', async () => {
    const response = await mailed.call('POST', '/api/personal-data/erasure', adminToken, {
      email: 'alice@example.org',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [certificate] = await mailed.test.db
      .selectFrom('certificates')
      .select(['code', 'name'])
      .where('participant_id', '=', guests.alice.actor.participantId)
      .execute();
    if (!certificate) throw new Error('the certificate is gone');
    expect(certificate.name).not.toContain('Alice');
    const check = await mailed.app.inject({
      method: 'GET',
      url: `/api/certificates/verify/${certificate.code}`,
    });
    expect(check.json()).toMatchObject({
      name: ERASED_VALUE,
      event_name: 'Cardiology update',
      minutes_present: 60,
    });
  });
});

describe('the PDF', () => {
  it('is in English and in German too, the date on the event clock with the zone named', async () => {
    const content = {
      name: 'Łukasz Nowak',
      eventName: 'Cardiology update',
      labName: 'Certificates lab',
      heldAt: new Date('2026-11-20T10:00:00Z'),
      timeZone: 'Europe/Berlin',
      minutesPresent: 45,
      eventMinutes: 60,
      pollsAnswered: 2,
      code: 'K7QM3XPA9DHT2WNCF8RB',
      issuedAt: new Date('2026-11-20T11:05:00Z'),
      verifyUrl: 'http://lablive.test/certificates/verify/K7QM-3XPA-9DHT-2WNC-F8RB',
    };
    const english = (await pdfText(await certificatePdf(content, 'en'))).replace(/\s+/g, ' ');
    expect(english).toContain('Certificate of attendance');
    expect(english).toContain('Łukasz Nowak');
    expect(english).toMatch(
      /Friday, 20 November 2026 at 11:00 \(Central European Standard Time, Europe\/Berlin\)/,
    );
    expect(english).toContain('Time present: 45 minute(s) of 60 minute(s).');
    expect(english).toContain('Polls answered: 2.');
    expect(english).toContain('Verification code: K7QM-3XPA-9DHT-2WNC-F8RB');
    const german = (await pdfText(await certificatePdf(content, 'de'))).replace(/\s+/g, ' ');
    expect(german).toContain('Teilnahmebescheinigung');
    expect(german).toMatch(
      /Freitag, 20\. November 2026 um 11:00 \(Mitteleuropäische Normalzeit, Europe\/Berlin\)/,
    );
    expect(german).toContain('Anwesenheit: 45 von 60 Minute(n).');
    expect(german).toContain('Prüfcode: K7QM-3XPA-9DHT-2WNC-F8RB');
  });
});

describe('the public check', () => {
  it('is rate limited per client address like the other public calls', async () => {
    const limited = await startMailedApp({ loginRateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await limited.app.inject({
          method: 'GET',
          url: `/api/certificates/verify/${'1'.repeat(20)}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
