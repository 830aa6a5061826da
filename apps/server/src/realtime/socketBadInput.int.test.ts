// Bad input on every socket message: the corpus of packages/testkit/src/badInput.ts as whole frames, and
// in every field of every room command (the command list and fields are read from the schemas, so a new
// command is covered without editing this file). Each is answered with an error code that is not
// `internal`, nothing reaches the room's log, the socket keeps working, and so does the room for others.
import { randomUUID } from 'node:crypto';
import { CLIENT_ROOM_COMMAND_TYPES, clientRoomCommandSchema } from '@lablive/domain';
import type { ServerMessage } from '@lablive/protocol';
import {
  BAD_FIELD_VALUES,
  BAD_SOCKET_FRAMES,
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  joinTestRoom,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let url: string;
let labId: number;
let eventId: number;
let roomId: number;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, { mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org') });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  labId = await createLab(test.db, 'Lab', ['polls', 'share_document', 'pharmacovigilance', 'stats']);
  const event = await createEvent(test.db, { labId, slug: 'bad-input-1' });
  eventId = event.eventId;
  roomId = event.roomIds[0] ?? 0;
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

/** The field names of a command's data, from its schema. */
function dataFields(type: string): string[] {
  const option = clientRoomCommandSchema.options.find((candidate) => candidate.shape.type.value === type);
  const data = option?.shape.data;
  return data instanceof z.ZodObject ? Object.keys(data.shape) : [];
}

/** Sends a raw frame and answers the first error after it (the gateway answers every bad frame once). */
async function errorAfter(
  socket: TestSocket,
  raw: string,
): Promise<Extract<ServerMessage, { type: 'error' }>> {
  const from = socket.messages.length;
  socket.sendRaw(raw);
  const answer = await socket.waitFor(
    (message) =>
      socket.messages.indexOf(message) >= from && (message.type === 'error' || message.type === 'ack'),
  );
  if (answer.type !== 'error') throw new Error(`accepted: ${raw.slice(0, 120)}`);
  return answer;
}

const storedEvents = async () =>
  Number(
    (
      await test.db
        .selectFrom('session_events')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('bad input on every socket message', () => {
  it('answers each bad frame and each bad field of every command with a code; the room carries on', async () => {
    const animator = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'animator',
      email: 'a@x.org',
    });
    const other = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'participant',
      email: 'o@x.org',
    });
    const socket = await joinTestRoom(url, animator.token, roomId);
    const listener = await joinTestRoom(url, other.token, roomId);
    await listener.waitFor((message) => message.type === 'events');
    const before = await storedEvents();
    const wrong: string[] = [];
    const expectCode = (what: string, error: { code: string; ref?: string }, ref?: string) => {
      if (error.code === 'internal' || error.code === 'room_unavailable')
        wrong.push(`${what}: ${error.code}`);
      if (ref && error.code === 'invalid_message' && error.ref !== ref)
        wrong.push(`${what}: ref ${error.ref}`);
    };

    for (const frame of BAD_SOCKET_FRAMES) expectCode(frame.name, await errorAfter(socket, frame.raw));

    for (const type of CLIENT_ROOM_COMMAND_TYPES) {
      const commandId = randomUUID();
      const envelope = (data: string) =>
        `{"type":"command","roomId":${roomId},"commandId":"${commandId}","command":{"type":"${type}","data":${data}}}`;
      for (const data of ['null', '[]', '"x"', '{"unexpected":1}', '{"__proto__":{"admin":true}}']) {
        expectCode(`${type} with data ${data}`, await errorAfter(socket, envelope(data)), commandId);
      }
      for (const field of dataFields(type)) {
        for (const bad of BAD_FIELD_VALUES) {
          const what = `${type}.${field} = ${bad.name}`;
          expectCode(what, await errorAfter(socket, envelope(`{"${field}":${bad.raw}}`)), commandId);
        }
      }
    }
    expect(wrong).toEqual([]);

    // Nothing bad reached the log; the socket and the room still work, for the sender and for others.
    expect(await storedEvents()).toBe(before);
    socket.send({ type: 'ping', at: 7 });
    await socket.waitFor((message) => message.type === 'pong' && message.at === 7);
    const commandId = randomUUID();
    socket.send({
      type: 'command',
      roomId,
      commandId,
      command: { type: 'SendChatMessage', data: { messageId: 'm-1', text: 'still here' } },
    });
    await socket.waitFor((message) => message.type === 'ack' && message.commandId === commandId);
    await listener.waitFor(
      (message) =>
        message.type === 'events' &&
        message.events.some((delivered) => JSON.stringify(delivered.event).includes('still here')),
    );
    socket.close();
    listener.close();
  });
});
