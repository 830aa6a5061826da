// Polls over HTTP on a real database and a real room service: saved lab polls, polls asked in a room by
// its animator, votes, closing, editing, and the form rules of the live-room spec (section 5).
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  enterRoomAs,
  joinBySocket,
  listenForSockets,
  type RoomPerson,
  signIn,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let labId: number;
let event: { eventId: number; roomIds: number[] };
let roomId: number;
let animator: RoomPerson;
let alice: RoomPerson;
let bob: RoomPerson;
const tokens = { pollManager: '', plain: '' };
const sockets: TestSocket[] = [];
let roomPoll = 0;
let labPoll = 0;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  const wsUrl = await listenForSockets(app);
  labId = await createLab(test.db, 'Lab A', ['polls']);
  await createUser(test.db, {
    labId,
    email: 'polls@a.test',
    password: 'pw-polls',
    permissions: ['manage_polls'],
  });
  await createUser(test.db, { labId, email: 'plain@a.test', password: 'pw-plain' });
  tokens.pollManager = await signIn(app, 'polls@a.test', 'pw-polls');
  tokens.plain = await signIn(app, 'plain@a.test', 'pw-plain');
  event = await createEvent(test.db, { labId, slug: 'polls-1', rooms: 1 });
  roomId = event.roomIds[0] ?? 0;
  const inRoom = { labId, eventId: event.eventId, roomId };
  animator = await enterRoomAs(test.db, app, { ...inRoom, role: 'animator', email: 'ana@x.org' });
  alice = await enterRoomAs(test.db, app, { ...inRoom, role: 'participant', email: 'alice@x.org' });
  bob = await enterRoomAs(test.db, app, { ...inRoom, role: 'participant', email: 'bob@x.org' });
  for (const [person, tab] of [
    [animator, 'ana'],
    [alice, 'alice'],
    [bob, 'bob'],
  ] as const) {
    sockets.push(await joinBySocket(wsUrl, person.token, roomId, tab));
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await test.drop();
});

const form = { question: ' Which formulation? ', options: ['Tablets', 'Syrup'] };

describe('POST /api/polls', () => {
  it('saves a lab poll for a poll manager: title defaults to the question, multiple choice on', async () => {
    const response = await call('POST', '/api/polls', tokens.pollManager, {
      ...form,
      title: '  ',
      active: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Which formulation?',
      question: 'Which formulation?',
      options: ['Tablets', 'Syrup'],
      answers: [0, 0],
      allowMultiple: true,
      active: false,
      event_id: null,
      room_id: null,
    });
    labPoll = response.json().id;
  });

  it('refuses a blank question, fewer than two options and a blank option, naming the field', async () => {
    const cases = [
      [{ question: '  ', options: ['a', 'b'] }, 'question', 'The question must not be blank.'],
      [{ question: 'Q', options: ['a'] }, 'options', 'A poll needs at least 2 options.'],
      [{ question: 'Q', options: ['a', ' '] }, 'options', 'An option must not be blank.'],
    ] as const;
    for (const [body, field, message] of cases) {
      const response = await call('POST', '/api/polls', tokens.pollManager, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toEqual({ field, message });
    }
  });

  it('refuses people who neither manage polls nor animate the room', async () => {
    const plain = await call('POST', '/api/polls', tokens.plain, form);
    expect(plain.statusCode).toBe(403);
    const participant = await call('POST', '/api/polls', alice.token, { ...form, room_id: roomId });
    expect(participant.statusCode).toBe(403);
    expect(participant.json().detail).toBe(
      'Only animators of the room and poll managers (manage polls) run polls.',
    );
  });

  it('asks a poll in the room for its animator and starts it when active', async () => {
    const response = await call('POST', '/api/polls', animator.token, {
      ...form,
      title: 'Habits',
      allowMultiple: false,
      active: true,
      event_id: event.eventId,
      room_id: roomId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Habits',
      active: true,
      room_id: roomId,
      event_id: event.eventId,
    });
    roomPoll = response.json().id;
    await sockets[1]?.waitFor(
      (m) =>
        m.type === 'events' &&
        m.events.some((e) => e.event.type === 'PollStarted' && e.event.data.pollId === String(roomPoll)),
    );
  });
});

describe('POST /api/polls/answer/{pollId}', () => {
  it('refuses a vote from a participant who is not in the room (no socket joined), with a clear code', async () => {
    const absent = await enterRoomAs(test.db, app, {
      labId,
      eventId: event.eventId,
      roomId,
      role: 'participant',
      email: 'carol@x.org',
    });
    const vote = await call('POST', `/api/polls/answer/${roomPoll}`, absent.token, { answers: [0] });
    expect(vote.statusCode).toBe(409);
    expect(vote.json()).toMatchObject({ code: 'not_in_room', detail: 'Join the room before doing this.' });
  });

  it('records one vote per participant, for themself only', async () => {
    const vote = await call('POST', `/api/polls/answer/${roomPoll}`, alice.token, {
      answers: [1],
      participant_id: alice.participantId,
    });
    expect(vote.statusCode).toBe(201);
    expect(vote.json()).toEqual({ poll: roomPoll, answered: true });
    const twice = await call('POST', `/api/polls/answer/${roomPoll}`, alice.token, { answers: [0] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('poll_already_answered');
    const forSomeoneElse = await call('POST', `/api/polls/answer/${roomPoll}`, bob.token, {
      answers: [0],
      participant_id: alice.participantId,
    });
    expect(forSomeoneElse.statusCode).toBe(403);
    const both = await call('POST', `/api/polls/answer/${roomPoll}`, bob.token, { answers: [0, 1] });
    expect(both.json().code).toBe('single_choice_only');
  });

  it('shows the counts to the animator only', async () => {
    const seenBy = async (token: string) =>
      (await call('GET', `/api/rooms/${roomId}`, token))
        .json()
        .polls.find((p: { id: number }) => p.id === roomPoll);
    expect(await seenBy(animator.token)).toMatchObject({ active: true, answers: [0, 1] });
    expect(await seenBy(bob.token)).toMatchObject({ active: true, answers: [0, 0] });
  });
});

describe('PUT /api/polls/{id}', () => {
  it('closes a poll in its room; votes are then refused', async () => {
    const closed = await call('PUT', `/api/polls/${roomPoll}`, animator.token, {
      event_id: event.eventId,
      active: false,
      opentok_session_id: null,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().active).toBe(false);
    const late = await call('POST', `/api/polls/answer/${roomPoll}`, bob.token, { answers: [0] });
    expect(late.json().code).toBe('poll_not_active');
    const closeAgain = await call('PUT', `/api/polls/${roomPoll}`, animator.token, { active: false });
    expect(closeAgain.json().code).toBe('poll_not_active');
  });

  it('refuses to edit a poll people voted on, and refuses partial or empty bodies', async () => {
    const edit = await call('PUT', `/api/polls/${roomPoll}`, animator.token, {
      question: 'Other?',
      options: ['x', 'y'],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('poll_not_editable');
    const half = await call('PUT', `/api/polls/${roomPoll}`, animator.token, { question: 'Other?' });
    expect(half.json().errors[0].field).toBe('options');
    const empty = await call('PUT', `/api/polls/${roomPoll}`, animator.token, {});
    expect(empty.json().errors[0].field).toBe('active');
  });

  it('edits a saved room poll for its animator only, live in the room, and no more once started', async () => {
    const saved = await call('POST', '/api/polls', animator.token, { ...form, room_id: roomId });
    const pollId = saved.json().id;
    const edit = { title: '', question: 'Which form?', options: ['Tablets', 'Syrup', 'Patch'] };
    const byParticipant = await call('PUT', `/api/polls/${pollId}`, alice.token, edit);
    expect(byParticipant.statusCode).toBe(403);
    const edited = await call('PUT', `/api/polls/${pollId}`, animator.token, edit);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Which form?', options: ['Tablets', 'Syrup', 'Patch'] });
    await sockets[2]?.waitFor(
      (m) =>
        m.type === 'events' &&
        m.events.some(
          (e) =>
            e.event.type === 'PollEdited' &&
            e.event.data.pollId === String(pollId) &&
            e.event.data.options.length === 3,
        ),
    );
    // Started then closed before anyone voted: people saw it, so it stays as they saw it.
    for (const active of [true, false]) {
      expect((await call('PUT', `/api/polls/${pollId}`, animator.token, { active })).statusCode).toBe(200);
    }
    const late = await call('PUT', `/api/polls/${pollId}`, animator.token, { ...edit, question: 'Later?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('poll_not_editable');
  });

  it('edits a saved lab poll, then runs it in the room the animator names', async () => {
    const edited = await call('PUT', `/api/polls/${labPoll}`, tokens.pollManager, {
      title: 'Renamed',
      question: 'Which one?',
      options: ['A', 'B', 'C'],
    });
    expect(edited.json()).toMatchObject({ title: 'Renamed', options: ['A', 'B', 'C'], active: false });
    const started = await call('PUT', `/api/polls/${labPoll}`, animator.token, {
      active: true,
      room_id: roomId,
    });
    expect(started.statusCode).toBe(200);
    const vote = await call('POST', `/api/polls/answer/${labPoll}`, bob.token, {
      answers: [2],
      room_id: roomId,
    });
    expect(vote.statusCode).toBe(201);
    const inRoom = (await call('GET', `/api/rooms/${roomId}`, animator.token))
      .json()
      .polls.find((p: { id: number }) => p.id === labPoll);
    expect(inRoom).toMatchObject({ active: true, answers: [0, 0, 1] });
    // Without a room to vote in, a lab poll cannot be answered.
    const nowhere = await call('POST', `/api/polls/answer/${labPoll}`, bob.token, { answers: [0] });
    expect(nowhere.statusCode).toBe(400);
  });

  it('answers 404 for unknown polls and 403 for a lab without the polls module', async () => {
    expect((await call('PUT', '/api/polls/999999', tokens.pollManager, { active: true })).statusCode).toBe(
      404,
    );
    const bare = await createLab(test.db, 'Lab C');
    await createUser(test.db, { labId: bare, email: 'admin@c.test', password: 'pw-c', role: 'admin' });
    const response = await call('POST', '/api/polls', await signIn(app, 'admin@c.test', 'pw-c'), form);
    expect(response.json().code).toBe('module_disabled');
  });
});
