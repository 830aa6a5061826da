// The room socket end to end on a real database: several people in one room see the same events in
// the same order; a dropped client resumes with exactly what it missed; a retried command appends once;
// a restart loses nothing acknowledged.
import { randomUUID } from 'node:crypto';
import type { ServerMessage } from '@lablive/protocol';
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
const mailer = createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test');

async function startApp() {
  app = await buildTestApp(test, { mailer });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/ws`;
}

beforeAll(async () => {
  test = await createTestDatabase();
  await startApp();
  const labId = await createLab(test.db, 'Lab', ['polls', 'share_document']);
  const { eventId, roomIds } = await createEvent(test.db, { labId, slug: 'gateway-1' });
  room = { labId, eventId, roomId: roomIds[0] ?? 0 };
  animator = await enterRoomAs(test.db, app, { ...room, role: 'animator', email: 'ana@x.org' });
  alice = await enterRoomAs(test.db, app, { ...room, role: 'participant', email: 'alice@x.org' });
  bob = await enterRoomAs(test.db, app, { ...room, role: 'participant', email: 'bob@x.org' });
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const isType =
  <T extends ServerMessage['type']>(type: T) =>
  (message: ServerMessage): message is Extract<ServerMessage, { type: T }> =>
    message.type === type;

const join = (person: RoomPerson, lastVersion?: number) =>
  joinTestRoom(url, person.token, room.roomId, lastVersion);

function chat(socket: TestSocket, text: string, commandId: string = randomUUID()) {
  socket.send({
    type: 'command',
    roomId: room.roomId,
    commandId,
    command: { type: 'SendChatMessage', data: { messageId: randomUUID(), text } },
  });
  return commandId;
}

/** The stream versions and types a socket received, in order. */
function received(socket: TestSocket) {
  return socket.messages.flatMap((m) => (m.type === 'events' ? m.events : []));
}

const chatTexts = (socket: TestSocket) =>
  received(socket).flatMap((d) => (d.event.type === 'ChatMessageSent' ? [d.event.data.text] : []));

describe('one room, several people', () => {
  it('delivers the same events in the same order to everyone', async () => {
    const sockets = await Promise.all([join(animator), join(alice), join(bob)]);
    const [a, b, c] = sockets as [TestSocket, TestSocket, TestSocket];
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(chat([a, b, c][i % 3] as TestSocket, `message ${i}`));
    await Promise.all(sockets.map((s) => s.waitFor(() => chatTexts(s).length >= 30)));
    const orders = sockets.map((s) => chatTexts(s));
    expect(orders[0]).toHaveLength(30);
    expect(orders[1]).toEqual(orders[0]);
    expect(orders[2]).toEqual(orders[0]);
    const versions = received(a).map((d) => d.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    expect(new Set(versions).size).toBe(versions.length);
    for (const s of sockets) s.close();
  });

  it('resumes a dropped client with exactly what it missed', async () => {
    const watcher = await join(alice);
    const speaker = await join(bob);
    chat(speaker, 'before the drop');
    await watcher.waitFor(() => chatTexts(watcher).includes('before the drop'));
    const lastSeen = Math.max(...received(watcher).map((d) => d.version));
    watcher.terminate();

    const missed = ['while away 1', 'while away 2', 'while away 3'];
    for (const text of missed) chat(speaker, text);
    await speaker.waitFor(() => chatTexts(speaker).includes('while away 3'));

    const back = await join(alice, lastSeen);
    await back.waitFor(() => chatTexts(back).includes('while away 3'));
    expect(chatTexts(back).slice(0, 3)).toEqual(missed);
    const versions = received(back).map((d) => d.version);
    expect(Math.min(...versions)).toBe(lastSeen + 1);
    expect(new Set(versions).size).toBe(versions.length);
    back.close();
    speaker.close();
  });

  it('appends a command retried after a lost acknowledgement once', async () => {
    const first = await join(bob);
    const commandId = randomUUID();
    const messageId = randomUUID();
    const command = { type: 'SendChatMessage', data: { messageId, text: 'exactly once' } };
    first.send({ type: 'command', roomId: room.roomId, commandId, command });
    const ack = await first.waitFor(isType('ack'));
    first.terminate(); // the ack is "lost" with the connection

    const second = await join(bob, 0);
    second.send({ type: 'command', roomId: room.roomId, commandId, command });
    const again = await second.waitFor(isType('ack'));
    expect(again.version).toBe(ack.version);
    await second.waitFor(() => chatTexts(second).includes('exactly once'));
    expect(chatTexts(second).filter((text) => text === 'exactly once')).toHaveLength(1);
    const stored = await test.db
      .selectFrom('session_events')
      .select('event_id')
      .where('type', '=', 'ChatMessageSent')
      .where(sql`data->>'messageId'`, '=', messageId)
      .execute();
    expect(stored).toHaveLength(1);
    second.close();
  });

  it('loses nothing acknowledged when the server restarts mid-session', async () => {
    const socket = await join(alice);
    const acked: string[] = [];
    for (let i = 0; i < 20; i++) chat(socket, `durable ${i}`);
    await socket.waitFor(() => socket.messages.filter((m) => m.type === 'ack').length >= 20);
    for (const m of socket.messages) if (m.type === 'ack') acked.push(m.commandId);
    expect(acked).toHaveLength(20);
    await app.close();
    await socket.closed;
    await startApp();

    const after = await join(alice, 0);
    await after.waitFor(() => chatTexts(after).includes('durable 19'));
    for (let i = 0; i < 20; i++) expect(chatTexts(after)).toContain(`durable ${i}`);
    after.close();
  });
});

describe('what each person may see', () => {
  it('keeps notes private and shows vote choices to animators only', async () => {
    const [a, b, c] = (await Promise.all([join(animator), join(alice), join(bob)])) as [
      TestSocket,
      TestSocket,
      TestSocket,
    ];
    const run = (s: TestSocket, command: unknown) => {
      const commandId = randomUUID();
      s.send({ type: 'command', roomId: room.roomId, commandId, command });
      return s.waitFor((m) => (m.type === 'ack' || m.type === 'rejected') && m.commandId === commandId);
    };
    expect((await run(b, { type: 'SaveNotes', data: { text: 'alice secret' } })).type).toBe('ack');
    expect(
      (await run(a, { type: 'CreatePoll', data: { pollId: 'vis', question: 'Q?', options: ['x', 'y'] } }))
        .type,
    ).toBe('ack');
    expect((await run(a, { type: 'StartPoll', data: { pollId: 'vis' } })).type).toBe('ack');
    expect((await run(b, { type: 'AnswerPoll', data: { pollId: 'vis', answers: [1] } })).type).toBe('ack');
    const answeredFor = (s: TestSocket) =>
      s.waitFor((m) => m.type === 'events' && m.events.some((d) => d.event.type === 'PollAnswered'));
    await Promise.all([answeredFor(a), answeredFor(b), answeredFor(c)]);
    const answers = (s: TestSocket) =>
      received(s).flatMap((d) => (d.event.type === 'PollAnswered' ? [d.event.data.answers] : []));
    expect(answers(a)).toEqual([[1]]);
    expect(answers(c)).toEqual([[]]);
    const notesSeen = (s: TestSocket) => received(s).filter((d) => d.event.type === 'NotesSaved').length;
    expect(notesSeen(b)).toBe(1);
    expect(notesSeen(a)).toBe(0);
    expect(notesSeen(c)).toBe(0);
    for (const s of [a, b, c]) s.close();
  });
});
