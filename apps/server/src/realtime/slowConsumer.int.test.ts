// A socket that stops reading while its room keeps producing is closed 4008 once its unsent bytes pass
// the bound, and let go of at once (it leaves the room before its close handshake, which it may never
// finish); the room's other sockets receive everything, and the client, resuming from the last
// version it read, gets every event it missed exactly once. Real sockets over loopback (the kernel
// holds a few MB for a reader that stopped before ws buffers anything), real PostgreSQL.

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  CLOSE_CODES,
  type DeliveredEvent,
  PROTOCOL_VERSION,
  type ServerMessage,
  serverFrameSchema,
} from '@lablive/protocol';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  joinTestRoom,
  type RoomPerson,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOutboxMailer } from '../mail/mailer.ts';
import { createGatewayStats } from '../observability/gatewayStats.ts';

let test: TestDatabase;
let app: FastifyInstance;
let url: string;
let roomId: number;
let slowPerson: RoomPerson;
let readerPerson: RoomPerson;
const senders: RoomPerson[] = [];
const stats = createGatewayStats();

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    gatewayStats: stats,
  });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  const labId = await createLab(test.db, 'Lab');
  const { eventId, roomIds } = await createEvent(test.db, { labId, slug: 'slow-consumer' });
  roomId = roomIds[0] ?? 0;
  const person = (role: 'animator' | 'participant', email: string) =>
    enterRoomAs(test.db, app, { labId, eventId, roomId, role, email });
  slowPerson = await person('participant', 'slow@x.org');
  readerPerson = await person('participant', 'reader@x.org');
  for (let i = 0; i < 8; i++) senders.push(await person(i === 0 ? 'animator' : 'participant', `s${i}@x.org`));
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const versionsOf = (messages: readonly ServerMessage[]): number[] =>
  messages.flatMap((m) => (m.type === 'events' ? m.events.map((d: DeliveredEvent) => d.version) : []));

/** A client on the ws library whose reading can be stopped, as a phone on a dying network stops. */
async function pausableSocket(token: string) {
  const socket = new WebSocket(url);
  const messages: ServerMessage[] = [];
  socket.on('message', (data) => {
    const frame = serverFrameSchema.parse(JSON.parse(String(data)));
    messages.push(...(Array.isArray(frame) ? frame : [frame]));
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await once(socket, 'open');
  const until = async (predicate: () => boolean) => {
    for (let waited = 0; !predicate(); waited += 20) {
      if (waited > 5000) throw new Error(`no such message; got ${JSON.stringify(messages.slice(-3))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  socket.send(JSON.stringify({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token }));
  await until(() => messages.some((m) => m.type === 'authenticated'));
  socket.send(JSON.stringify({ type: 'join', roomId, connectionId: 'tab', lastVersion: null }));
  await until(() => messages.some((m) => m.type === 'welcome'));
  return { socket, messages, closed };
}

/**
 * Chat messages of 2000 '€' (6 KB each in UTF-8) from one sender until `stop` says so, within the
 * sender's rate: a refusal for the rate waits and sends again.
 */
async function chatUntil(socket: TestSocket, stop: () => boolean, max: number): Promise<number> {
  let sent = 0;
  while (!stop() && sent < max) {
    const commandId = randomUUID();
    socket.send({
      type: 'command',
      roomId,
      commandId,
      command: { type: 'SendChatMessage', data: { messageId: randomUUID(), text: '€'.repeat(2000) } },
    });
    const answer = await socket.waitFor(
      (m) =>
        (m.type === 'ack' || m.type === 'rejected' || m.type === 'error') &&
        (m.type === 'error' ? m.ref === commandId : m.commandId === commandId),
      10_000,
    );
    if (answer.type === 'ack') sent++;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return sent;
}

describe('a socket that stops reading', () => {
  it('is closed 4008 past the bound and let go of at once, while the room carries on and its resume misses nothing', async () => {
    const slow = await pausableSocket(slowPerson.token);
    const reader = await joinTestRoom(url, readerPerson.token, roomId);
    const talking = await Promise.all(senders.map((person) => joinTestRoom(url, person.token, roomId)));
    const slowParticipant = slow.messages.find((m) => m.type === 'welcome')?.participantId;
    // Some arrivals read, then the slow client stops reading: what it read is all it has.
    await new Promise((resolve) => setTimeout(resolve, 300));
    slow.socket.pause();
    const lastRead = Math.max(0, ...versionsOf(slow.messages));

    // About 6 MB of chat: more than the kernel holds for a reader that stopped, and the 1 MiB bound.
    const closedAtServer = () => stats.slowConsumersClosed > 0;
    await Promise.all(talking.map((socket) => chatUntil(socket, closedAtServer, 200)));
    expect(stats.slowConsumersClosed).toBe(1);

    // Let go of before its close handshake: its departure is in the room while it still reads nothing.
    const gone = await reader.waitFor(
      (m) =>
        m.type === 'events' &&
        m.events.some(
          (d) =>
            (d.event.type === 'ParticipantConnectionClosed' || d.event.type === 'ParticipantLeft') &&
            d.event.data.participantId === slowParticipant,
        ),
      10_000,
    );
    expect(gone.type).toBe('events');

    // The room goes on after it; the reader has received every version, once, in order.
    const after = await Promise.all(talking.slice(0, 2).map((socket) => chatUntil(socket, () => false, 3)));
    expect(after).toEqual([3, 3]);
    const head = Math.max(...versionsOf(talking[0]?.messages ?? []));
    await reader.waitFor(() => versionsOf(reader.messages).includes(head), 10_000);
    const welcomed = reader.messages.find((m) => m.type === 'welcome')?.version ?? 0;
    expect(versionsOf(reader.messages)).toEqual(
      Array.from({ length: head - welcomed }, (_, i) => welcomed + 1 + i),
    );

    // The stopped client reads again: behind what it was sent, the close frame with 4008.
    slow.socket.resume();
    expect(await slow.closed).toBe(CLOSE_CODES.slowConsumer);

    // It resumes from the last version it had read and gets everything after it exactly once.
    const resumed = await joinTestRoom(url, slowPerson.token, roomId, lastRead);
    await resumed.waitFor(() => versionsOf(resumed.messages).includes(head), 10_000);
    const missed = versionsOf(resumed.messages).filter((version) => version <= head);
    expect(missed).toEqual(Array.from({ length: head - lastRead }, (_, i) => lastRead + 1 + i));

    for (const socket of [reader, resumed, ...talking]) socket.close();
  }, 60_000);
});
