// Bad input and forbidden actions on the room socket: each answered with a code and counted, while the
// room keeps working for everyone else; and the permission matrix of every command for every role.
import { randomUUID } from 'node:crypto';
import { ANIMATOR_ONLY_COMMANDS, type ClientRoomCommand, EVENT_ROLES } from '@lablive/domain';
import { PROTOCOL_VERSION, type ServerMessage } from '@lablive/protocol';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  joinTestRoom,
  openTestSocket,
  type RoomPerson,
  type TestDatabase,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';
import { createGatewayStats } from '../observability/gatewayStats.ts';

let test: TestDatabase;
let app: FastifyInstance;
let url: string;
let labId: number;
let eventId: number;
let roomIds: number[];
const stats = createGatewayStats();

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org'),
    gatewayStats: stats,
  });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  labId = await createLab(test.db, 'Lab', ['polls', 'share_document', 'pharmacovigilance']);
  ({ eventId, roomIds } = await createEvent(test.db, { labId, slug: 'robust-1', rooms: 5 }));
  // A share names a real document of the lab, or the gateway refuses it before the room decides.
  const document = await test.db
    .insertInto('documents')
    .values({
      lab_id: labId,
      name: 'Doc',
      extension: 'pdf',
      content_type: 'application/pdf',
      size_bytes: 1,
      storage_key: 'k',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  SAMPLES.ShareDocuments = {
    type: 'ShareDocuments',
    data: { documents: [{ id: document.id, name: 'Doc', extension: 'pdf' }] },
  };
});
afterAll(async () => {
  await app.close();
  await test.drop();
});

const join = (person: RoomPerson, roomId: number) => joinTestRoom(url, person.token, roomId);

const errorCode = (socket: TestSocket, from: number) =>
  socket
    .waitFor((m) => m.type === 'error' && socket.messages.indexOf(m) >= from)
    .then((m) => (m.type === 'error' ? m.code : ''));

describe('bad messages', () => {
  it('answers each with a code, counts it, and the room carries on for the others', async () => {
    const roomId = roomIds[0] ?? 0;
    const victim = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'participant',
      email: 'v@x.org',
    });
    const other = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'participant',
      email: 'o@x.org',
    });
    const listener = await join(other, roomId);

    const anonymous = await openTestSocket(url);
    anonymous.send({
      type: 'command',
      roomId,
      commandId: randomUUID(),
      command: { type: 'RequestNotes', data: {} },
    });
    expect(await errorCode(anonymous, 0)).toBe('not_authenticated');
    anonymous.close();

    const socket = await join(victim, roomId);
    const corpus: Array<[string, string | Buffer | object]> = [
      ['invalid_json', '{"type": "hello", '],
      ['invalid_json', Buffer.from([0xff, 0xfe, 0x00, 0x01])],
      ['unknown_type', { type: 'shutdown-server' }],
      ['unknown_type', [1, 2, 3]],
      ['invalid_message', { type: 'command', roomId: 'abc', commandId: randomUUID(), command: {} }],
      [
        'invalid_message',
        {
          type: 'command',
          roomId,
          commandId: randomUUID(),
          command: { type: 'SendChatMessage', data: { messageId: 1, text: 2 } },
        },
      ],
      [
        'invalid_message',
        { type: 'command', roomId, commandId: randomUUID(), command: { type: 'DropDatabase', data: {} } },
      ],
      ['invalid_message', { type: 'join', roomId: -4 }],
      [
        'message_too_large',
        {
          type: 'command',
          roomId,
          commandId: randomUUID(),
          command: { type: 'SaveNotes', data: { text: 'x'.repeat(1024 * 1024) } },
        },
      ],
      [
        'not_joined',
        {
          type: 'command',
          roomId: roomIds[1],
          commandId: randomUUID(),
          command: { type: 'SendChatMessage', data: { messageId: 'm', text: 'hi' } },
        },
      ],
      ['not_joined', { type: 'signal', roomId: roomIds[1], to: null, kind: 'audio-level', payload: 0.5 }],
      ['room_not_found', { type: 'join', roomId: 999_999, connectionId: 'tab' }],
      ['not_allowed_in_room', { type: 'join', roomId: roomIds[2], connectionId: 'tab' }],
      ['already_authenticated', { type: 'hello', protocolVersion: PROTOCOL_VERSION, token: victim.token }],
    ];
    for (const [expected, message] of corpus) {
      const from = socket.messages.length;
      if (typeof message === 'string' || Buffer.isBuffer(message)) socket.sendRaw(message);
      else socket.send(message);
      expect(await errorCode(socket, from), JSON.stringify(message).slice(0, 80)).toBe(expected);
    }
    for (const [code] of corpus) expect(stats.refused.get(code) ?? 0).toBeGreaterThan(0);

    // The same socket and the others still work.
    const commandId = randomUUID();
    socket.send({
      type: 'command',
      roomId,
      commandId,
      command: { type: 'SendChatMessage', data: { messageId: 'after', text: 'still here' } },
    });
    await socket.waitFor((m) => m.type === 'ack' && m.commandId === commandId);
    await listener.waitFor(
      (m) => m.type === 'events' && m.events.some((d) => d.event.type === 'ChatMessageSent'),
    );
    socket.close();
    listener.close();
  });

  it('tells a client of another protocol version, and closes with 4002', async () => {
    const socket = await openTestSocket(url);
    socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION + 1, token: 'whatever' });
    const answer = await socket.waitFor((m) => m.type === 'incompatible');
    expect(answer).toMatchObject({ reason: 'client_too_new', serverVersion: PROTOCOL_VERSION });
    expect(await socket.closed).toBe(4002);
  });

  it('closes with 4001 on a bad token', async () => {
    const socket = await openTestSocket(url);
    socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token: 'forged' });
    expect(await errorCode(socket, 0)).toBe('invalid_token');
    expect(await socket.closed).toBe(4001);
  });

  it('slows down a flood of commands with rate_limited, without dropping the connection', async () => {
    const roomId = roomIds[0] ?? 0;
    const person = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'participant',
      email: 'flood@x.org',
    });
    const socket = await join(person, roomId);
    for (let i = 0; i < 100; i++) {
      socket.send({
        type: 'command',
        roomId,
        commandId: randomUUID(),
        command: { type: 'RequestToSpeak', data: { requesting: i % 2 === 0 } },
      });
    }
    await socket.waitFor((m) => m.type === 'error' && m.code === 'rate_limited');
    await socket.waitFor(() => socket.messages.filter((m) => m.type === 'ack').length >= 30);
    socket.close();
  });
});

/** A well-formed command of every type: what each role may do is then up to decide. */
// The commands a client may send (the server's own, closing and broadcasting, never come from a socket).
const SAMPLES: Record<ClientRoomCommand['type'], ClientRoomCommand> = {
  JoinRoom: { type: 'JoinRoom', data: { connectionId: 'x' } },
  LeaveRoom: { type: 'LeaveRoom', data: { connectionId: 'x', reason: 'left' } },
  SetSpeaking: { type: 'SetSpeaking', data: { speaking: true } },
  RequestToSpeak: { type: 'RequestToSpeak', data: { requesting: true } },
  SendChatMessage: { type: 'SendChatMessage', data: { messageId: 'm1', text: 'hello' } },
  RemoveChatMessage: { type: 'RemoveChatMessage', data: { messageId: 'm1' } },
  SaveNotes: { type: 'SaveNotes', data: { text: 'notes' } },
  RequestNotes: { type: 'RequestNotes', data: {} },
  SubmitNotes: { type: 'SubmitNotes', data: { requestId: 'r1', text: 'mine' } },
  ShareDocuments: { type: 'ShareDocuments', data: { documents: [{ id: 1, name: 'Doc', extension: 'pdf' }] } },
  UnshareDocument: { type: 'UnshareDocument', data: { documentId: 1 } },
  StartScreenShare: { type: 'StartScreenShare', data: { streamId: 's1' } },
  StopScreenShare: { type: 'StopScreenShare', data: {} },
  SetPresentationScene: { type: 'SetPresentationScene', data: { scene: 'intro' } },
  SetPresentationStep: { type: 'SetPresentationStep', data: { step: 1 } },
  CreatePoll: { type: 'CreatePoll', data: { pollId: 'p1', question: 'Q?', options: ['a', 'b'] } },
  EditPoll: { type: 'EditPoll', data: { pollId: 'p1', question: 'Q2?', options: ['a', 'b'] } },
  StartPoll: { type: 'StartPoll', data: { pollId: 'p1' } },
  AnswerPoll: { type: 'AnswerPoll', data: { pollId: 'p1', answers: [0] } },
  ClosePoll: { type: 'ClosePoll', data: { pollId: 'p1' } },
  AskQuestion: { type: 'AskQuestion', data: { questionId: 'q1', text: 'Why?', anonymous: true } },
  UpvoteQuestion: { type: 'UpvoteQuestion', data: { questionId: 'q1' } },
  WithdrawUpvote: { type: 'WithdrawUpvote', data: { questionId: 'q1' } },
  ModerateQuestion: { type: 'ModerateQuestion', data: { questionId: 'q1', action: 'approve' } },
  KnockToEnter: { type: 'KnockToEnter', data: {} },
  WithdrawKnock: { type: 'WithdrawKnock', data: {} },
  AdmitParticipant: { type: 'AdmitParticipant', data: { participantId: 999_999 } },
  AdmitEveryone: { type: 'AdmitEveryone', data: {} },
  DenyParticipant: { type: 'DenyParticipant', data: { participantId: 999_999 } },
  LockRoom: { type: 'LockRoom', data: {} },
  UnlockRoom: { type: 'UnlockRoom', data: {} },
  RemoveParticipant: { type: 'RemoveParticipant', data: { participantId: 999_999 } },
  ToggleOwnAudio: { type: 'ToggleOwnAudio', data: { enabled: true } },
  ToggleOwnVideo: { type: 'ToggleOwnVideo', data: { enabled: true } },
  ForceToggleAudio: { type: 'ForceToggleAudio', data: { participantId: 1, enabled: false } },
  ForceToggleVideo: { type: 'ForceToggleVideo', data: { participantId: 1, enabled: false } },
  StartSession: { type: 'StartSession', data: {} },
  EndSession: { type: 'EndSession', data: {} },
  ReportDisconnection: { type: 'ReportDisconnection', data: { reason: 'network' } },
};
/** Ending the session or leaving changes what the next command meets: they go last. */
const ORDER = [
  ...Object.keys(SAMPLES).filter((t) => t !== 'EndSession' && t !== 'LeaveRoom'),
  'EndSession',
  'LeaveRoom',
] as (keyof typeof SAMPLES)[];

describe('permission matrix', () => {
  it.each(EVENT_ROLES.map((role, index) => [role, index] as const))('%s', async (role, index) => {
    const roomId = roomIds[index + 1] ?? 0;
    const person = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role,
      email: `${role}@matrix.org`,
    });
    const socket = await join(person, roomId);
    const animator = role === 'animator' || role === 'observer-animator';
    for (const type of ORDER) {
      const commandId = randomUUID();
      socket.send({ type: 'command', roomId, commandId, command: SAMPLES[type] });
      const outcome = await socket.waitFor(
        (m: ServerMessage) => (m.type === 'ack' || m.type === 'rejected') && m.commandId === commandId,
      );
      const refusedAsNonAnimator = outcome.type === 'rejected' && outcome.code === 'not_animator';
      expect(refusedAsNonAnimator, `${role} ${type}`).toBe(
        !animator && ANIMATOR_ONLY_COMMANDS.includes(type),
      );
    }
    socket.close();
  });
});
