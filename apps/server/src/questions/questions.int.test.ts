// The room's Q&A over real sockets on a real database (issue 33, part 3): an anonymous asker's name
// never reaches another guest's socket (live or in the welcome of a guest who joins later), a question
// awaiting approval never does, a hidden one is in no later guest's welcome, a guest cannot moderate nor
// vote twice, and the log stores the question's words and asker sealed, opened for its readers.
import {
  askQuestionOnSocket,
  buildTestApp,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  enterRoomAs,
  joinTestRoom,
  moderateOnSocket,
  type RoomPerson,
  rowsHolding,
  runRoomCommand,
  signIn,
  type TestDatabase,
  type TestSocket,
  upvoteOnSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let url: string;
let room: { labId: number; eventId: number; roomId: number };
let animator: RoomPerson;
let alice: RoomPerson;
let bob: RoomPerson;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
  const labId = await createLab(test.db, 'Q&A lab', ['polls', 'stats']);
  const { eventId, roomIds } = await createEvent(test.db, { labId, slug: 'questions-1' });
  room = { labId, eventId, roomId: roomIds[0] ?? 0 };
  const person = (role: RoomPerson['role'], email: string) =>
    enterRoomAs(test.db, app, { ...room, role, email });
  animator = await person('animator', 'ana.host@x.org');
  alice = await person('participant', 'alice.asker@x.org');
  bob = await person('participant', 'bob.voter@x.org');
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const join = (person: RoomPerson) => joinTestRoom(url, person.token, room.roomId);
/** Everything a socket received, as text: the welcome's state and every event. */
const everythingSent = (socket: TestSocket) => JSON.stringify(socket.messages);
const questionEvents = (socket: TestSocket) =>
  socket.messages
    .flatMap((m) => (m.type === 'events' ? m.events.map((d) => d.event) : []))
    .filter((e) => e.type.startsWith('Question'));

describe('questions over the room socket', () => {
  it("keeps an anonymous asker's name and the questions not approved from the other guests", async () => {
    const [host, asker, guest] = (await Promise.all([join(animator), join(alice), join(bob)])) as [
      TestSocket,
      TestSocket,
      TestSocket,
    ];
    const anonymous = await askQuestionOnSocket(asker, room.roomId, 'Is the 10 mg dose safe for children?', {
      anonymous: true,
    });
    expect(anonymous.answer.type).toBe('ack');
    const waiting = await askQuestionOnSocket(asker, room.roomId, 'A question nobody approves');
    const hidden = await askQuestionOnSocket(asker, room.roomId, 'A question the host hides');

    // A guest cannot moderate, nor vote on what they cannot see.
    const refused = await moderateOnSocket(guest, room.roomId, anonymous.questionId, 'approve');
    expect(refused).toMatchObject({ type: 'rejected', code: 'not_animator' });
    expect(await upvoteOnSocket(guest, room.roomId, waiting.questionId)).toMatchObject({
      code: 'question_not_found',
    });

    for (const { questionId } of [anonymous, hidden]) {
      expect((await moderateOnSocket(host, room.roomId, questionId, 'approve')).type).toBe('ack');
    }
    expect((await moderateOnSocket(host, room.roomId, hidden.questionId, 'hide')).type).toBe('ack');
    expect((await upvoteOnSocket(guest, room.roomId, anonymous.questionId)).type).toBe('ack');
    expect(await upvoteOnSocket(guest, room.roomId, anonymous.questionId)).toMatchObject({
      code: 'already_upvoted',
    });
    expect(await upvoteOnSocket(guest, room.roomId, hidden.questionId)).toMatchObject({
      code: 'question_not_found',
    });
    expect((await moderateOnSocket(host, room.roomId, anonymous.questionId, 'pin')).type).toBe('ack');
    expect((await moderateOnSocket(host, room.roomId, anonymous.questionId, 'answer')).type).toBe('ack');
    await guest.waitFor(
      (m) => m.type === 'events' && m.events.some((d) => d.event.type === 'QuestionAnswered'),
    );

    // The other guest got the approved anonymous question without its asker, and no other question's words.
    const approvedForGuest = questionEvents(guest).find((event) => event.type === 'QuestionApproved');
    expect(approvedForGuest?.data).toMatchObject({
      questionId: anonymous.questionId,
      asker: null,
      anonymous: true,
    });
    const aboutAnonymous = questionEvents(guest).filter(
      (event) => 'questionId' in event.data && event.data.questionId === anonymous.questionId,
    );
    expect(JSON.stringify(aboutAnonymous)).not.toContain('alice.asker');
    expect(JSON.stringify(aboutAnonymous)).not.toContain(`"participantId":${alice.participantId}`);
    expect(everythingSent(guest)).not.toContain('A question nobody approves');
    expect(questionEvents(guest).some((event) => event.type === 'QuestionAsked')).toBe(false);
    // The host and the asker see who asked.
    const askedForHost = questionEvents(host).find((event) => event.type === 'QuestionAsked');
    expect(askedForHost?.data).toMatchObject({ asker: { participantId: alice.participantId } });
    expect(everythingSent(asker)).toContain('A question nobody approves');

    // A guest who comes in later gets the list as they may see it: the approved one, anonymous.
    const late = await enterRoomAs(test.db, app, { ...room, role: 'participant', email: 'late.guest@x.org' });
    const latecomer = await join(late);
    const welcome = latecomer.messages.find((m) => m.type === 'welcome');
    const questions = (welcome as unknown as { state: { questions: unknown[] } }).state.questions;
    expect(questions).toEqual([
      expect.objectContaining({
        id: anonymous.questionId,
        asker: null,
        answered: true,
        voters: [bob.participantId],
      }),
    ]);
    expect(everythingSent(latecomer)).not.toContain('A question the host hides');
    for (const socket of [host, asker, guest, latecomer]) socket.close();
  });

  it('stores the words and the asker sealed in the log, and reads them opened', async () => {
    const socket = await join(alice);
    const { questionId } = await askQuestionOnSocket(socket, room.roomId, 'Sealed like chat?');
    socket.close();
    const { rows } = await sql<{ stored: string; opened: string }>`
      SELECT data::text AS stored, open_session_event_data(type, data)::text AS opened FROM session_events
      WHERE type = 'QuestionAsked' AND data ->> 'questionId' = ${questionId}`.execute(test.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.stored).not.toContain('Sealed like chat?');
    expect(rows[0]?.stored).toContain('pd1:');
    expect(rows[0]?.opened).toContain('Sealed like chat?');
  });

  it('bounds the text at the socket and refuses a blank question', async () => {
    const socket = await join(bob);
    const blank = await runRoomCommand(socket, room.roomId, {
      type: 'AskQuestion',
      data: { questionId: 'blank', text: '   ', anonymous: false },
    });
    expect(blank).toMatchObject({ type: 'rejected', code: 'blank_question' });
    socket.send({
      type: 'command',
      roomId: room.roomId,
      commandId: '00000000-0000-4000-8000-000000000042',
      command: { type: 'AskQuestion', data: { questionId: 'long', text: 'x'.repeat(501), anonymous: false } },
    });
    const answer = await socket.waitFor(
      (m) =>
        m.type === 'error' ||
        (m.type === 'rejected' && m.commandId === '00000000-0000-4000-8000-000000000042'),
    );
    expect(JSON.stringify(answer)).toContain('text');
    socket.close();
  });

  it("lists the questions in the session's statistics and their CSV, with who asked, for staff only", async () => {
    await createUser(test.db, {
      labId: room.labId,
      email: 'admin@qa.test',
      password: 'pw-qa-123456',
      role: 'admin',
    });
    const admin = await signIn(app, 'admin@qa.test', 'pw-qa-123456');
    const call = caller(app);
    const detail = await call('GET', `/api/events/${room.eventId}/stats`, admin);
    expect(detail.statusCode).toBe(200);
    const questions: Array<Record<string, unknown>> = detail.json().questions;
    // Pinned first, then by votes: the anonymous one (1 vote, answered) leads, its asker named for staff.
    expect(questions[0]).toMatchObject({
      room_id: room.roomId,
      text: 'Is the 10 mg dose safe for children?',
      asker: 'alice.asker',
      anonymous: true,
      votes: 1,
      status: 'approved',
      answered: true,
    });
    expect(questions.map((question) => question.status).sort()).toEqual([
      'approved',
      'hidden',
      'pending',
      'pending',
    ]);

    const csv = await call('GET', `/api/events/${room.eventId}/stats/questions.csv?locale=de`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Raum;Gestellt am (Zeit des Labors);Frage;Gestellt von');
    expect(csv.body).toContain('Is the 10 mg dose safe for children?;alice.asker;ja;1;Freigegeben;ja;nein');

    // A guest of the event reads no statistics.
    expect((await call('GET', `/api/events/${room.eventId}/stats/questions.csv`, bob.token)).statusCode).toBe(
      403,
    );
  });

  it("erases an asker's name and words with the asker (GDPR erasure): staff then read them as erased", async () => {
    const admin = await signIn(app, 'admin@qa.test', 'pw-qa-123456');
    const call = caller(app);
    const erased = await call('POST', '/api/personal-data/erasure', admin, { email: 'alice.asker@x.org' });
    expect(erased.statusCode).toBe(200);
    const detail = await call('GET', `/api/events/${room.eventId}/stats`, admin);
    const questions: Array<{ text: string; asker: string | null }> = detail.json().questions;
    expect(questions.length).toBeGreaterThan(0);
    for (const question of questions) expect(question).toMatchObject({ text: '[erased]', asker: '[erased]' });
    expect(JSON.stringify(detail.json())).not.toContain('alice.asker');
    expect(JSON.stringify(detail.json())).not.toContain('Is the 10 mg dose safe for children?');
    // Nor any table: the log keeps them sealed under keys that are gone.
    expect(await rowsHolding(test, 'Is the 10 mg dose safe for children?')).toEqual([]);
    expect(await rowsHolding(test, 'alice.asker')).toEqual([]);
  });
});
