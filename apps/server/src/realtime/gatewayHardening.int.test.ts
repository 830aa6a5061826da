// The socket's boundary as an attacker or a careless client meets it: a socket that never says a valid
// hello is closed however busy it keeps itself, text PostgreSQL cannot store is refused by name before it
// reaches the room (and fails nobody else's command), and a refused join names the room it refuses.
import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION } from '@lablive/protocol';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  joinTestRoom,
  openTestSocket,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

const HELLO_TIMEOUT_MS = 400;
let test: TestDatabase;
let app: FastifyInstance;
let url: string;
let labId: number;
let eventId: number;
let roomIds: number[];

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org'),
    helloTimeoutMs: HELLO_TIMEOUT_MS,
  });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  labId = await createLab(test.db, 'Lab', ['polls']);
  ({ eventId, roomIds } = await createEvent(test.db, { labId, slug: 'hardening-1', rooms: 2 }));
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the hello timeout', () => {
  it('closes a socket that only pings, and one whose hello was refused, but not one that said hello', async () => {
    const pinging = await openTestSocket(url);
    const timer = setInterval(() => pinging.send({ type: 'ping', at: 1 }), HELLO_TIMEOUT_MS / 4);
    const badHello = await openTestSocket(url);
    badHello.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token: 'not-a-token' });
    const person = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId: roomIds[0] ?? 0,
      role: 'participant',
      email: 'h@x.org',
    });
    const greeted = await openTestSocket(url);
    greeted.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token: person.token });
    await greeted.waitFor((message) => message.type === 'authenticated');
    try {
      expect(await pinging.closed).toBe(4004);
      expect(pinging.messages.some((message) => message.type === 'pong')).toBe(true);
      expect(await badHello.closed).toBe(4001);
      await sleep(HELLO_TIMEOUT_MS * 2);
      greeted.send({ type: 'ping', at: 2 });
      await greeted.waitFor((message) => message.type === 'pong' && message.at === 2);
    } finally {
      clearInterval(timer);
      greeted.close();
    }
  });
});

describe('text PostgreSQL cannot store', () => {
  it('is refused by field before the room, and the command sent with it at the same instant is stored', async () => {
    const roomId = roomIds[0] ?? 0;
    const sender = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'participant',
      email: 's@x.org',
    });
    const other = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'participant',
      email: 'o@x.org',
    });
    const senderSocket = await joinTestRoom(url, sender.token, roomId);
    const otherSocket = await joinTestRoom(url, other.token, roomId);
    const frame = (commandId: string, text: string) =>
      `{"type":"command","roomId":${roomId},"commandId":"${commandId}","command":{"type":"SendChatMessage","data":{"messageId":"${commandId}","text":"${text}"}}}`;
    const nul = randomUUID();
    const surrogate = randomUUID();
    const good = randomUUID();
    senderSocket.sendRaw(frame(nul, 'a\\u0000b'));
    senderSocket.sendRaw(frame(surrogate, 'a\\ud800b'));
    otherSocket.sendRaw(frame(good, 'fine'));
    for (const ref of [nul, surrogate]) {
      const error = await senderSocket.waitFor((message) => message.type === 'error' && message.ref === ref);
      expect(error).toMatchObject({
        code: 'invalid_message',
        message: 'command: command.data.text: must not contain NUL characters or unpaired UTF-16 surrogates',
      });
    }
    await otherSocket.waitFor((message) => message.type === 'ack' && message.commandId === good);
    const chats = await test.db
      .selectFrom('session_events')
      .select(sql<unknown>`open_session_event_data(type, data)`.as('data')) // stored sealed: read opened
      .where('type', '=', 'ChatMessageSent')
      .execute();
    expect(chats.map((row) => (row.data as { text: string }).text)).toEqual(['fine']);
    senderSocket.close();
    otherSocket.close();
  });
});

describe('a refused join', () => {
  it('names the room it refuses, as a code and a ref', async () => {
    const person = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId: roomIds[0] ?? 0,
      role: 'participant',
      email: 'j@x.org',
    });
    const socket = await openTestSocket(url);
    socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token: person.token });
    await socket.waitFor((message) => message.type === 'authenticated');
    socket.send({ type: 'join', roomId: roomIds[1], connectionId: 'c', lastVersion: null });
    expect(await socket.waitFor((message) => message.type === 'error')).toMatchObject({
      code: 'not_allowed_in_room',
      ref: String(roomIds[1]),
      message: `Room ${roomIds[1]}: This is not your room.`,
    });
    socket.send({ type: 'join', roomId: 424242, connectionId: 'c', lastVersion: null });
    expect(
      await socket.waitFor((message) => message.type === 'error' && message.ref === '424242'),
    ).toMatchObject({
      code: 'room_not_found',
      message: 'Room 424242: No room 424242.',
    });
    socket.close();
  });
});
