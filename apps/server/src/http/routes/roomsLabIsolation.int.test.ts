// Two labs on one database: every call of events' rooms, participants, invitations, rooms, documents,
// polls and pharmacovigilance answers 404 for the other lab's ids, exactly as for ids that do not exist,
// and lists never show the other lab's rows.
import { LAB_MODULES } from '@lablive/domain';
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
const a = { token: '', guest: '', room: 0, doc: 0 };
const b = { event: 0, room: 0, participant: 0, doc: 0, poll: 0 };

const report = {
  patient_firstname: 'J',
  patient_lastname: 'D',
  gender: 'm',
  patient_birthdate: '1970-01-01 00:00:00',
  patient_age_range: 'Adults',
  doctor_firstname: 'M',
  doctor_lastname: 'L',
  doctor_phone: '0612345678',
  doctor_email: 'm@l.fr',
  doctor_specialty: 'GP',
  doctor_address: 'Paris',
  doctor_zip_code: '75001',
  drug_name: 'X',
  drug_batch_number: '1',
  drug_adverse_reaction: 'Y',
};

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  const labA = await createLab(test.db, 'Lab A', LAB_MODULES);
  const labB = await createLab(test.db, 'Lab B', LAB_MODULES);
  await createUser(test.db, { labId: labA, email: 'admin@a.test', password: 'pw-a', role: 'admin' });
  await createUser(test.db, { labId: labB, email: 'admin@b.test', password: 'pw-b', role: 'admin' });
  a.token = await signIn(app, 'admin@a.test', 'pw-a');
  const tokenB = await signIn(app, 'admin@b.test', 'pw-b');
  const eventA = await createEvent(test.db, { labId: labA, slug: 'iso-a' });
  a.room = eventA.roomIds[0] ?? 0;
  const eventB = await createEvent(test.db, { labId: labB, slug: 'iso-b' });
  b.event = eventB.eventId;
  b.room = eventB.roomIds[0] ?? 0;
  a.guest = (
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { firstName: 'G', lastName: 'A', email: 'guest@a.org', eventSlug: 'iso-a', isPublic: true },
    })
  ).json().token;
  // The guest is placed in their event's room, so calls on it get past the room's door.
  await call('GET', `/api/events/${eventA.eventId}/joinroom`, a.guest);
  const participant = await call('POST', '/api/participants', tokenB, {
    event_id: b.event,
    email: 'secret@b.org',
  });
  b.participant = participant.json().id;
  await call('POST', '/api/event-invitations', tokenB, { participant: b.participant, event: b.event });
  const doc = (lab: number) =>
    test.db
      .insertInto('documents')
      .values({ lab_id: lab, name: `Doc of ${lab}`, storage_key: 'x/y.txt' })
      .returning('id')
      .executeTakeFirstOrThrow();
  a.doc = (await doc(labA)).id;
  b.doc = (await doc(labB)).id;
  b.poll = (
    await call('POST', '/api/polls', tokenB, { question: 'B?', options: ['1', '2'], event_id: b.event })
  ).json().id;
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

describe('lab boundary of the room calls', () => {
  it('answers 404 for every id of another lab, to staff and guests', async () => {
    const crossLab: [Parameters<Call>[0], string, object?][] = [
      ['GET', `/api/events/${b.event}/rooms`],
      ['GET', `/api/events/${b.event}/joinroom`],
      ['POST', '/api/participants', { event_id: b.event, email: 'admin@a.test' }],
      ['GET', `/api/participants/${b.participant}`],
      ['PUT', `/api/participants/${b.participant}`, { role: 'animator' }],
      ['PUT', `/api/participants/${b.participant}`, { room_id: b.room, event_id: b.event }],
      ['DELETE', `/api/participants/${b.participant}`],
      ['POST', '/api/event-invitations', { participant: b.participant, event: b.event }],
      ['GET', `/api/rooms/${b.room}`],
      ['GET', `/api/rooms/${b.room}/token`],
      ['POST', `/api/rooms/${b.room}/leave`],
      ['GET', `/api/rooms/${b.room}/documents`],
      ['PUT', `/api/rooms/${b.room}/documents/add`, { documents: [a.doc] }],
      ['PUT', `/api/rooms/${a.room}/documents/add`, { documents: [b.doc] }],
      ['PUT', `/api/rooms/${b.room}/documents/remove`, { document: b.doc }],
      ['GET', `/api/documents/${b.doc}/download`],
      ['POST', '/api/polls', { question: 'Q', options: ['1', '2'], event_id: b.event }],
      ['POST', '/api/polls', { question: 'Q', options: ['1', '2'], room_id: b.room }],
      ['PUT', `/api/polls/${b.poll}`, { active: true }],
      ['POST', `/api/polls/answer/${b.poll}`, { answers: [0], room_id: a.room }],
      ['POST', '/api/pharmacovigilance-report', { ...report, room_id: b.room }],
    ];
    // A guest never holds manage events: the guard refuses those two calls before any lookup.
    const managersOnly = new Set(['DELETE /api/participants/', 'POST /api/event-invitations']);
    for (const token of [a.token, a.guest]) {
      for (const [method, url, payload] of crossLab) {
        const response = await call(method, url, token, payload);
        const refusedFirst =
          token === a.guest && [...managersOnly].some((call) => `${method} ${url}`.startsWith(call));
        expect(response.statusCode, `${method} ${url}`).toBe(refusedFirst ? 403 : 404);
        expect(response.json().code).toBe(refusedFirst ? 'forbidden' : 'not_found');
        expect(response.body).not.toContain('secret@b.org');
        expect(response.body).not.toContain('Lab B');
      }
    }
  });

  it("keeps the other lab's rows out of every list", async () => {
    const lists = [
      '/api/participants?email=secret@b.org',
      `/api/event-invitations?event=${b.event}`,
      `/api/event-invitations?participant=${b.participant}`,
    ];
    for (const url of lists) {
      const response = await call('GET', url, a.token);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual([]);
    }
    const documents = (await call('GET', '/api/documents/find/by-lab', a.token)).json();
    expect(documents.map((d: { id: number }) => d.id)).toEqual([a.doc]);
  });
});
