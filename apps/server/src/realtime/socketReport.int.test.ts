// A browser's own problems (its video session, its connection) reach the server's log through the room
// socket, with the room and the participant, at a few a minute at most, and never answered.
import { randomUUID } from 'node:crypto';
import { PROTOCOL_LIMITS } from '@lablive/protocol';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  joinTestRoom,
  listenForSockets,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let url: string;
const lines: string[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    onLogLine: (line) => void lines.push(line),
  });
  url = await listenForSockets(app);
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

const reports = () =>
  lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === 'client reported a problem');

describe('problem reports on the room socket', () => {
  it('logs what the client met with its room and participant, a few at most, silently', async () => {
    const labId = await createLab(test.db, 'Lab A');
    const event = await createEvent(test.db, { labId, slug: 'reports', rooms: 1 });
    const roomId = event.roomIds[0] ?? 0;
    const guest = await enterRoomAs(test.db, app, {
      labId,
      eventId: event.eventId,
      roomId,
      role: 'participant',
      email: 'g@x.org',
    });
    const socket = await joinTestRoom(url, guest.token, roomId);
    const before = socket.messages.length;

    socket.send({
      type: 'report',
      roomId,
      kind: 'video',
      message: 'VideoSessionDisconnected: networkDisconnected',
    });
    for (let i = 0; i < 30; i++)
      socket.send({ type: 'report', roomId, kind: 'connection', message: `burst ${i}` });
    // A room this socket is not in: nothing is logged for it.
    socket.send({ type: 'report', roomId: roomId + 1000, kind: 'video', message: 'elsewhere' });
    // The socket still works, and the reports were not answered.
    const commandId = randomUUID();
    socket.send({
      type: 'command',
      roomId,
      commandId,
      command: { type: 'SetSpeaking', data: { speaking: true } },
    });
    await socket.waitFor((m) => m.type === 'ack' && m.commandId === commandId);

    const logged = reports();
    expect(logged[0]).toMatchObject({
      roomId,
      participantId: guest.participantId,
      role: 'participant',
      kind: 'video',
      problem: 'VideoSessionDisconnected: networkDisconnected',
    });
    expect(logged.length).toBe(PROTOCOL_LIMITS.reportBurst);
    expect(logged.some((entry) => entry.problem === 'elsewhere')).toBe(false);
    expect(socket.messages.slice(before).filter((m) => m.type === 'error' || m.type === 'rejected')).toEqual(
      [],
    );
    socket.close();
  });

  it('refuses a report of the wrong shape, naming the field', async () => {
    const labId = await createLab(test.db, 'Lab B');
    const event = await createEvent(test.db, { labId, slug: 'reports-2', rooms: 1 });
    const roomId = event.roomIds[0] ?? 0;
    const guest = await enterRoomAs(test.db, app, {
      labId,
      eventId: event.eventId,
      roomId,
      role: 'participant',
      email: 'h@x.org',
    });
    const socket = await joinTestRoom(url, guest.token, roomId);
    socket.send({ type: 'report', roomId, kind: 'gossip', message: 'x' });
    const error = await socket.waitFor((m) => m.type === 'error');
    expect(error).toMatchObject({ code: 'invalid_message' });
    socket.close();
  });
});
