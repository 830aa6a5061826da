// A room's sessions, one after another, as its people live them over the real socket: the animator
// ends a session and starts the next (numbered in the same stream), a guest arriving between the two
// is kept out until it starts, and once the event is closed no session starts again.
import { randomUUID } from 'node:crypto';
import type { ClientRoomCommand } from '@lablive/domain';
import { PROTOCOL_VERSION, type ServerMessage } from '@lablive/protocol';
import {
  buildTestApp,
  type Call,
  caller,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  enterRoomAs,
  joinTestRoom,
  listenForSockets,
  openTestSocket,
  type RoomPerson,
  signIn,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let call: Call;
let url: string;
let room: { eventId: number; roomId: number };
let managerToken: string;
const people: Record<'animator' | 'early' | 'late', RoomPerson> = {} as never;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
  call = caller(app);
  url = await listenForSockets(app);
  const labId = await createLab(test.db, 'Lab A');
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw', role: 'admin' });
  managerToken = await signIn(app, 'admin@a.test', 'pw');
  const event = await createEvent(test.db, { labId, slug: 'restart', rooms: 1 });
  room = { eventId: event.eventId, roomId: event.roomIds[0] ?? 0 };
  const enter = (role: 'animator' | 'participant', email: string) =>
    enterRoomAs(test.db, app, { labId, eventId: room.eventId, roomId: room.roomId, role, email });
  people.animator = await enter('animator', 'anna@x.org');
  people.early = await enter('participant', 'early@x.org');
  people.late = await enter('participant', 'late@x.org');
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

async function run(socket: TestSocket, command: ClientRoomCommand) {
  const commandId = randomUUID();
  socket.send({ type: 'command', roomId: room.roomId, commandId, command });
  return socket.waitFor(
    (m: ServerMessage) => (m.type === 'ack' || m.type === 'rejected') && m.commandId === commandId,
  );
}

/** Hello and join; answers the socket and whether the room took the join or refused it (and why). */
async function tryJoin(person: RoomPerson) {
  const socket = await openTestSocket(url);
  socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token: person.token });
  await socket.waitFor((m) => m.type === 'authenticated');
  socket.send({ type: 'join', roomId: room.roomId, connectionId: randomUUID(), lastVersion: null });
  await socket.waitFor((m) => m.type === 'welcome');
  const outcome = await Promise.race([
    socket.waitFor((m) => m.type === 'error').then((m) => (m.type === 'error' ? m.code : 'error')),
    socket
      .waitFor(
        (m) =>
          m.type === 'events' &&
          m.events.some(
            (d) =>
              d.event.type === 'ParticipantJoined' && d.event.data.participantId === person.participantId,
          ),
      )
      .then(() => 'joined'),
  ]);
  return { socket, outcome };
}

const sessionOf = async (person: RoomPerson) =>
  (await call('GET', `/api/rooms/${room.roomId}`, person.token)).json().session;

describe('sessions of a room, one after another', () => {
  it('ends, keeps a late guest out, starts again, and closes for good with the event', async () => {
    const animator = await joinTestRoom(url, people.animator.token, room.roomId);
    const early = await joinTestRoom(url, people.early.token, room.roomId);
    expect(await run(animator, { type: 'StartSession', data: {} })).toMatchObject({ type: 'ack' });
    expect(await sessionOf(people.early)).toEqual({ status: 'started', number: 1, closed: false });
    // The room picker counts who is in the room now (2), not everyone placed there (3).
    const [picked] = (await call('GET', `/api/events/${room.eventId}/rooms`, managerToken)).json();
    expect(picked).toMatchObject({ participantCount: 3, onlineCount: 2 });

    expect(await run(animator, { type: 'EndSession', data: {} })).toMatchObject({ type: 'ack' });
    await early.waitFor((m) => m.type === 'events' && m.events.some((d) => d.event.type === 'SessionEnded'));
    expect(await sessionOf(people.late)).toEqual({ status: 'ended', number: 1, closed: false });

    // Between sessions: the late guest is refused by the room, the animator comes back in.
    const late = await tryJoin(people.late);
    expect(late.outcome).toBe('session_ended');
    late.socket.close();
    animator.close();
    const back = await tryJoin(people.animator);
    expect(back.outcome).toBe('joined');

    // The next session: number 2, in the same stream; the late guest now gets in.
    expect(await run(back.socket, { type: 'StartSession', data: {} })).toMatchObject({ type: 'ack' });
    expect(await sessionOf(people.late)).toEqual({ status: 'started', number: 2, closed: false });
    const lateAgain = await tryJoin(people.late);
    expect(lateAgain.outcome).toBe('joined');
    const started = await test.db
      .selectFrom('session_events')
      .select('data')
      .where('stream_id', '=', `room-${room.roomId}`)
      .where('type', '=', 'SessionStarted')
      .orderBy('stream_version')
      .execute();
    expect(started.map((row) => (row.data as { session?: number }).session)).toEqual([1, 2]);

    // The event closes: the session ends for everyone and never starts again.
    expect(
      (await call('PUT', `/api/events/${room.eventId}`, managerToken, { active: false })).statusCode,
    ).toBe(200);
    await lateAgain.socket.waitFor(
      (m) => m.type === 'events' && m.events.some((d) => d.event.type === 'SessionEnded'),
    );
    expect(await sessionOf(people.late)).toEqual({ status: 'ended', number: 2, closed: true });
    expect(await run(back.socket, { type: 'StartSession', data: {} })).toMatchObject({
      type: 'rejected',
      code: 'event_closed',
    });
    for (const socket of [back.socket, lateAgain.socket, early]) socket.close();
  });
});
