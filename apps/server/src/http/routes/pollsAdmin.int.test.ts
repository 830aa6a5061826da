// The back office's polls over HTTP, on a real database and a real room service: a lab's prepared polls
// created, listed newest first, read, edited and deleted (archived, alone or several at once), the poll
// form's rules naming the field, each lab seeing only its own, behind manage polls and the polls module;
// and a prepared poll asked in a room by its animator, which the room keeps as it was asked once the
// back office edits or deletes it.
import { UNSTORABLE_TEXT_MESSAGE } from '@lablive/domain';
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
let wsUrl: string;
let labA: number;
let labB: number;
let managerId: number;
/** Holds manage polls in lab A. */
let manager: string;
/** Holds manage polls in lab B. */
let managerB: string;
/** Lab A staff without manage polls. */
let plainStaff: string;
/** An admin of a lab without the polls module. */
let adminWithoutModule: string;
let event: { eventId: number; roomIds: number[] };
let animator: RoomPerson;
let participant: RoomPerson;
const sockets: TestSocket[] = [];

const form = { title: 'Habits', question: 'Which formulation?', options: ['Tablets', 'Syrup'] };

type PollBody = Record<string, unknown>;

async function create(token: string, body: PollBody = form): Promise<number> {
  const response = await call('POST', '/api/polls', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const listed = async (token: string) =>
  (await call('GET', '/api/polls', token)).json().map((poll: { id: number }) => poll.id);

const stored = (id: number) =>
  test.db
    .selectFrom('polls')
    .select(['id', 'title', 'deleted_at', 'deleted_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const roomPoll = async (token: string, roomId: number, pollId: number) =>
  (await call('GET', `/api/rooms/${roomId}`, token))
    .json()
    .polls.find((poll: { id: number }) => poll.id === pollId);

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  wsUrl = await listenForSockets(app);
  labA = await createLab(test.db, 'Lab A', ['polls']);
  labB = await createLab(test.db, 'Lab B', ['polls']);
  const labWithout = await createLab(test.db, 'Lab without polls', ['share_document']);
  managerId = await createUser(test.db, {
    labId: labA,
    email: 'polls@a.test',
    password: 'pw-polls-a',
    permissions: ['manage_polls'],
  });
  await createUser(test.db, {
    labId: labB,
    email: 'polls@b.test',
    password: 'pw-polls-b',
    permissions: ['manage_polls'],
  });
  await createUser(test.db, {
    labId: labA,
    email: 'staff@a.test',
    password: 'pw-staff-a',
    permissions: ['manage_events'],
  });
  await createUser(test.db, {
    labId: labWithout,
    email: 'admin@without.test',
    password: 'pw-admin',
    role: 'admin',
  });
  manager = await signIn(app, 'polls@a.test', 'pw-polls-a');
  managerB = await signIn(app, 'polls@b.test', 'pw-polls-b');
  plainStaff = await signIn(app, 'staff@a.test', 'pw-staff-a');
  adminWithoutModule = await signIn(app, 'admin@without.test', 'pw-admin');

  event = await createEvent(test.db, { labId: labA, slug: 'polls-admin-a', rooms: 2 });
  const inRoom = { labId: labA, eventId: event.eventId, roomId: event.roomIds[0] ?? 0 };
  animator = await enterRoomAs(test.db, app, { ...inRoom, role: 'animator', email: 'ana@x.org' });
  participant = await enterRoomAs(test.db, app, { ...inRoom, role: 'participant', email: 'paul@x.org' });
  sockets.push(await joinBySocket(wsUrl, animator.token, inRoom.roomId, 'ana'));
  sockets.push(await joinBySocket(wsUrl, participant.token, inRoom.roomId, 'paul'));
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await test.drop();
});

describe("a lab's prepared polls", () => {
  it('are created without a room, trimmed, the title defaulting to the question, multiple choice on', async () => {
    const response = await call('POST', '/api/polls', manager, {
      title: ' ',
      question: '  Which dose?  ',
      options: [' 5 mg', '10 mg '],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      title: 'Which dose?',
      question: 'Which dose?',
      options: ['5 mg', '10 mg'],
      answers: [0, 0],
      allowMultiple: true,
      active: false,
      event_id: null,
      room_id: null,
      created_at: expect.any(String),
    });
  });

  it('are listed newest first (not the polls asked in a room), also by lab, and read one by one', async () => {
    const first = await create(manager, { ...form, title: 'First' });
    const second = await create(manager, { ...form, title: 'Second', allowMultiple: false });
    const ids = await listed(manager);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids.indexOf(first)).toBeGreaterThan(-1);

    const byLab = await call('GET', `/api/polls/by-lab/${labA}`, manager);
    expect(byLab.statusCode).toBe(200);
    expect(byLab.json().map((poll: { id: number }) => poll.id)).toEqual(ids);

    const one = await call('GET', `/api/polls/${second}`, manager);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: second, title: 'Second', allowMultiple: false, room_id: null });

    // A poll the animator asked in the room straight away is the room's, not a prepared one.
    const inRoom = await call('POST', '/api/polls', animator.token, { ...form, room_id: event.roomIds[0] });
    expect(inRoom.statusCode, inRoom.body).toBe(201);
    expect(await listed(manager)).not.toContain(inRoom.json().id);
  });

  it("are edited: title, question, options and multiple choice, with the room's form rules", async () => {
    const id = await create(manager);
    const edited = await call('PUT', `/api/polls/${id}`, manager, {
      title: 'Preferences',
      question: ' Which one do you prefer? ',
      options: ['Tablets', 'Syrup', ' Patch '],
      allowMultiple: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id,
      title: 'Preferences',
      question: 'Which one do you prefer?',
      options: ['Tablets', 'Syrup', 'Patch'],
      allowMultiple: false,
      active: false,
    });
    expect((await call('GET', `/api/polls/${id}`, manager)).json()).toMatchObject({ title: 'Preferences' });
  });

  it('refuse a poll breaking a form rule, naming the field', async () => {
    const id = await create(manager);
    const eleven = Array.from({ length: 11 }, (_, index) => `Option ${index + 1}`);
    const cases = [
      [{ ...form, question: '   ' }, 'question', 'The question must not be blank.'],
      [{ ...form, options: ['Tablets', '  '] }, 'options', 'An option must not be blank.'],
      [{ ...form, options: ['Tablets'] }, 'options', 'A poll needs at least 2 options.'],
      [{ ...form, options: eleven }, 'options', 'A poll has at most 10 options.'],
      [{ ...form, options: ['Tablets', 'x'.repeat(201)] }, 'options.1', 'must be at most 200 characters'],
      [{ ...form, title: 'Bad\u0000title' }, 'title', UNSTORABLE_TEXT_MESSAGE],
    ] as const;
    for (const [body, field, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/polls'],
        ['PUT', `/api/polls/${id}`],
      ] as const) {
        const response = await call(method, url, manager, body);
        expect(response.statusCode, `${method} ${field}: ${response.body}`).toBe(400);
        expect(response.json().errors[0], `${method} ${field}`).toEqual({ field, message });
      }
    }
    // Nothing of it was stored.
    expect((await call('GET', `/api/polls/${id}`, manager)).json()).toMatchObject(form);
  });

  it('are deleted by archiving: gone from the list and the calls, the row kept with who and when', async () => {
    const id = await create(manager);
    const deleted = await call('DELETE', `/api/polls/${id}`, manager);
    expect(deleted.statusCode).toBe(204);
    expect(await listed(manager)).not.toContain(id);
    expect((await call('GET', `/api/polls/${id}`, manager)).statusCode).toBe(404);
    expect((await call('PUT', `/api/polls/${id}`, manager, form)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/polls/${id}`, manager)).statusCode).toBe(404);
    const row = await stored(id);
    expect(row.deleted_by).toBe(managerId);
    expect(row.deleted_at).toBeInstanceOf(Date);
  });

  it('are deleted several at once, counting only the lab’s own polls not deleted yet', async () => {
    const [one, two] = [await create(manager), await create(manager)];
    const foreign = await create(managerB);
    const response = await call('POST', '/api/polls/delete-multiple', manager, {
      ids: [one, two, foreign, 987654],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ removed: 2 });
    const ids = await listed(manager);
    expect(ids).not.toContain(one);
    expect(ids).not.toContain(two);
    expect(await listed(managerB)).toContain(foreign);
    const again = await call('POST', '/api/polls/delete-multiple', manager, { ids: [one] });
    expect(again.json()).toEqual({ removed: 0 });
    const none = await call('POST', '/api/polls/delete-multiple', manager, { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('ids');
  });
});

describe('each lab', () => {
  it("sees only its own polls: another lab's answers 404, never its data", async () => {
    const ofA = await create(manager, { ...form, title: 'Secret of A' });
    expect(await listed(managerB)).not.toContain(ofA);
    for (const [method, url, body] of [
      ['GET', `/api/polls/${ofA}`, undefined],
      ['PUT', `/api/polls/${ofA}`, { ...form, title: 'Taken over' }],
      ['PUT', `/api/polls/${ofA}`, { active: true }],
      ['DELETE', `/api/polls/${ofA}`, undefined],
      ['GET', `/api/polls/by-lab/${labA}`, undefined],
    ] as const) {
      const response = await call(method, url, managerB, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Secret of A');
    }
    expect((await call('POST', '/api/polls/delete-multiple', managerB, { ids: [ofA] })).json()).toEqual({
      removed: 0,
    });
    expect(await stored(ofA)).toMatchObject({ title: 'Secret of A', deleted_at: null });
    expect((await call('GET', `/api/polls/by-lab/${labB}`, managerB)).statusCode).toBe(200);
  });
});

describe('who may manage polls', () => {
  it('refuses staff without manage polls (403) and a lab without the polls module (403)', async () => {
    const id = await create(manager);
    const calls = [
      ['GET', '/api/polls', undefined],
      ['GET', `/api/polls/by-lab/${labA}`, undefined],
      ['GET', `/api/polls/${id}`, undefined],
      ['POST', '/api/polls', form],
      ['PUT', `/api/polls/${id}`, form],
      ['DELETE', `/api/polls/${id}`, undefined],
      ['POST', '/api/polls/delete-multiple', { ids: [id] }],
    ] as const;
    for (const [method, url, body] of calls) {
      const noPermission = await call(method, url, plainStaff, body);
      expect(noPermission.statusCode, `${method} ${url}`).toBe(403);
      const noModule = await call(method, url, adminWithoutModule, body);
      expect(noModule.statusCode, `${method} ${url}`).toBe(403);
      expect(noModule.json().code, `${method} ${url}`).toBe('module_disabled');
    }
    // A guest of the room is no poll manager either.
    expect((await call('GET', '/api/polls', participant.token)).statusCode).toBe(403);
    expect(await stored(id)).toMatchObject({ deleted_at: null });
  });
});

describe('a prepared poll in a room', () => {
  it("is offered to the room's animators, asked and started by them in one call, and answered", async () => {
    const roomId = event.roomIds[0] ?? 0;
    const id = await create(manager, { ...form, title: 'Asked in the room', allowMultiple: false });
    // Offered to the animator, not shown to participants before it is asked.
    expect(await roomPoll(animator.token, roomId, id)).toMatchObject({ active: false, room_id: null });
    expect(await roomPoll(participant.token, roomId, id)).toBeUndefined();

    const started = await call('PUT', `/api/polls/${id}`, animator.token, { active: true, room_id: roomId });
    expect(started.statusCode, started.body).toBe(200);
    await sockets[1]?.waitFor(
      (m) =>
        m.type === 'events' &&
        m.events.some((e) => e.event.type === 'PollStarted' && e.event.data.pollId === String(id)),
    );
    const vote = await call('POST', `/api/polls/answer/${id}`, participant.token, {
      answers: [1],
      room_id: roomId,
    });
    expect(vote.statusCode, vote.body).toBe(201);
    expect(await roomPoll(animator.token, roomId, id)).toMatchObject({ active: true, answers: [0, 1] });
    expect(await roomPoll(participant.token, roomId, id)).toMatchObject({ title: 'Asked in the room' });
  });

  it('stays in the session as it was asked once the back office edits then deletes it', async () => {
    const [roomId, otherRoom] = [event.roomIds[0] ?? 0, event.roomIds[1] ?? 0];
    const id = await create(manager, { ...form, title: 'Kept for the record' });
    expect(
      (await call('PUT', `/api/polls/${id}`, animator.token, { active: true, room_id: roomId })).statusCode,
    ).toBe(200);
    const vote = await call('POST', `/api/polls/answer/${id}`, participant.token, {
      answers: [0],
      room_id: roomId,
    });
    expect(vote.statusCode).toBe(201);

    const edited = await call('PUT', `/api/polls/${id}`, manager, {
      ...form,
      title: 'Reworded later',
      options: ['A', 'B', 'C'],
    });
    expect(edited.statusCode).toBe(200);
    expect(await roomPoll(animator.token, roomId, id)).toMatchObject({
      title: 'Kept for the record',
      options: ['Tablets', 'Syrup'],
      answers: [1, 0],
    });

    expect((await call('DELETE', `/api/polls/${id}`, manager)).statusCode).toBe(204);
    expect(await listed(manager)).not.toContain(id);
    // The room keeps it, with its votes; its animator may still close it.
    expect(await roomPoll(animator.token, roomId, id)).toMatchObject({
      title: 'Kept for the record',
      answers: [1, 0],
      active: true,
    });
    const closed = await call('PUT', `/api/polls/${id}`, animator.token, { active: false, room_id: roomId });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await roomPoll(animator.token, roomId, id)).toMatchObject({ active: false, answers: [1, 0] });
    // But it is asked nowhere else any more.
    const elsewhere = await call('PUT', `/api/polls/${id}`, animator.token, {
      active: true,
      room_id: otherRoom,
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
