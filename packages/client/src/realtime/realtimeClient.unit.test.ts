// The realtime client against a real WebSocket gateway (scriptedGateway.ts) that decides with the
// domain: the state a client folds equals the server's view of the room through drops, resumes with
// overlapping events, lost acks, refused tokens and malformed frames.
import { type ChatLog, type ClientRoomCommand, chatMessages } from '@lablive/domain';
import { CLOSE_CODES, type DeliveredEvent, PROTOCOL_VERSION } from '@lablive/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { ada, paul, ROOM_ID, ScriptedGateway } from '../testing/scriptedGateway.ts';
import { RealtimeError, type RealtimeIssue } from './errors.ts';
import { createRealtimeClient, type RealtimeClient, type RealtimeClientOptions } from './realtimeClient.ts';

let gateway: ScriptedGateway;
const clients: RealtimeClient[] = [];

beforeEach(async () => {
  gateway = new ScriptedGateway();
  await gateway.start();
  gateway.tokens.set('ada-token', ada);
  gateway.tokens.set('paul-token', paul);
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await gateway.stop();
});

function connect(options: Partial<RealtimeClientOptions> = {}): RealtimeClient {
  const client = createRealtimeClient({
    url: gateway.url,
    getToken: () => 'ada-token',
    reconnect: { minDelayMs: 10, maxDelayMs: 40 },
    ...options,
  });
  clients.push(client);
  return client;
}

const chat = (messageId: string, text: string): ClientRoomCommand => ({
  type: 'SendChatMessage',
  data: { messageId, text },
});

/** Paul, from another instance, joins and says something: events Ada's client must fold. */
function paulChats(messageId: string, text = `Hello ${messageId}`): void {
  gateway.act(paul, { type: 'JoinRoom', data: { connectionId: 'paul-tab' } });
  gateway.act(paul, chat(messageId, text));
}

const chatTexts = (client: { state: { chat: ChatLog } }) =>
  chatMessages(client.state.chat).map((message) => message.text);

describe('following a room', () => {
  it('starts from the welcome and folds the live events into the server view of the room', async () => {
    const room = await connect().join(ROOM_ID);
    const frames: (readonly DeliveredEvent[])[] = [];
    room.onEvents((events) => frames.push(events));

    expect(room.participantId).toBe(ada.participantId);
    expect(room.role).toBe('animator');
    expect(room.state.viewers.map((viewer) => viewer.name)).toEqual(['Ada']);

    paulChats('m1');
    // Paul's own notes are private to him: Ada's stream skips that version.
    gateway.act(paul, { type: 'SaveNotes', data: { text: 'my secret notes' } });
    gateway.act(paul, chat('m2', 'After the notes'));

    await vi.waitFor(() => expect(chatTexts(room)).toEqual(['Hello m1', 'After the notes']));
    expect(room.state).toEqual(gateway.viewOf(ada));
    expect(room.version).toBe(gateway.state.version);
    expect(room.state.notes).toEqual([]);
    expect(frames.flat().map((delivered) => delivered.event.type)).toEqual([
      'ParticipantJoined',
      'ChatMessageSent',
      'ChatMessageSent',
    ]);
  });

  it('resolves a command with its ack and folds the events it produced', async () => {
    const room = await connect().join(ROOM_ID);

    const result = await room.send(chat('m1', 'Bonjour'));

    expect(result).toEqual({ ok: true, version: gateway.state.version });
    await vi.waitFor(() => expect(chatTexts(room)).toEqual(['Bonjour']));
    expect(room.state).toEqual(gateway.viewOf(ada));
  });

  it('resolves a rejected command with the room code, and an invalid one without a round trip', async () => {
    const room = await connect().join(ROOM_ID);

    const rejected = await room.send({ type: 'RemoveChatMessage', data: { messageId: 'nope' } });
    const invalid = await room.send(chat('m1', 'x'.repeat(5000)));

    expect(rejected).toEqual({
      ok: false,
      code: 'message_not_found',
      message: 'This chat message does not exist.',
    });
    expect(invalid).toMatchObject({ ok: false, code: 'invalid_message' });
    expect(gateway.messages('command')).toHaveLength(1);
  });

  it('rejects a join the gateway refuses', async () => {
    const failure = await connect()
      .join(99)
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(RealtimeError);
    expect(failure).toMatchObject({ code: 'join_refused', serverCode: 'room_not_found' });
  });

  it('relays ephemeral signals between participants', async () => {
    const adaRoom = await connect().join(ROOM_ID);
    // Paul's client runs on the `ws` package's WebSocket, as a script on an older Node would.
    const paulRoom = await connect({ getToken: () => 'paul-token', WebSocket }).join(ROOM_ID);
    const received: unknown[] = [];
    adaRoom.onSignal((signal) => received.push(signal));

    expect(paulRoom.signal(ada.participantId, 'media-state', { audio: true })).toBe(true);

    await vi.waitFor(() =>
      expect(received).toEqual([{ from: paul.participantId, kind: 'media-state', payload: { audio: true } }]),
    );
  });

  it('leaves with LeaveRoom for its connection and does not rejoin after a reconnect', async () => {
    const client = connect();
    const room = await client.join(ROOM_ID);

    const result = await room.leave();
    gateway.drop();
    await vi.waitFor(() => expect(gateway.connectionCount).toBe(2));
    await vi.waitFor(() => expect(client.status).toBe('open'));

    expect(result.ok).toBe(true);
    expect(gateway.messages('command').map((message) => message.command)).toEqual([
      { type: 'LeaveRoom', data: { connectionId: room.connectionId, reason: 'left' } },
    ]);
    expect(gateway.state.viewers).toEqual([]);
    expect(gateway.messages('join')).toHaveLength(1);
    await expect(room.send(chat('m1', 'Still here?'))).rejects.toMatchObject({ code: 'left' });
  });
});

describe('reconnecting', () => {
  it('reconnects after a drop and resumes from the last version it saw', async () => {
    const client = connect();
    const room = await client.join(ROOM_ID);
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status));
    const versionBeforeDrop = room.version;

    gateway.drop();
    paulChats('missed');

    await vi.waitFor(() => expect(chatTexts(room)).toEqual(['Hello missed']));
    const joins = gateway.received.filter((entry) => entry.message.type === 'join');
    expect(joins.map((entry) => entry.socket)).toEqual([0, 1]);
    expect(joins[1]?.message).toMatchObject({
      lastVersion: versionBeforeDrop,
      connectionId: room.connectionId,
    });
    expect(statuses).toEqual(['reconnecting', 'open']);
    expect(room.state).toEqual(gateway.viewOf(ada));
  });

  it('ignores the events a resume sends again, after a going-away close', async () => {
    const room = await connect().join(ROOM_ID);
    paulChats('m1');
    await vi.waitFor(() => expect(chatTexts(room)).toEqual(['Hello m1']));
    const folded: string[] = [];
    room.onEvents((events) => folded.push(...events.map((delivered) => delivered.event.type)));
    gateway.resumeOverlap = 3;

    gateway.drop(CLOSE_CODES.goingAway);
    await vi.waitFor(() => expect(gateway.messages('join')).toHaveLength(2));
    gateway.act(paul, chat('m2', 'After the resume'));

    await vi.waitFor(() => expect(chatTexts(room)).toEqual(['Hello m1', 'After the resume']));
    expect(folded).toEqual(['ChatMessageSent']);
    expect(room.state).toEqual(gateway.viewOf(ada));
  });

  it('sends a command whose ack was lost again with the same commandId, and resolves it once', async () => {
    const room = await connect().join(ROOM_ID);
    gateway.loseAckOf = (command) => command.type === 'SendChatMessage';
    const settled = vi.fn();

    const result = await room.send(chat('m1', 'Did this arrive?')).then((outcome) => {
      settled(outcome);
      return outcome;
    });

    const commandIds = gateway.messages('command').map((message) => message.commandId);
    expect(commandIds).toHaveLength(2);
    expect(commandIds[1]).toBe(commandIds[0]);
    expect(gateway.eventsOfType('ChatMessageSent')).toHaveLength(1);
    expect(result).toEqual({ ok: true, version: gateway.state.version });
    expect(settled).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(chatTexts(room)).toEqual(['Did this arrive?']));
    expect(room.state).toEqual(gateway.viewOf(ada));
  });

  it('sends a command answered room_unavailable again with the same commandId, and it is appended once', async () => {
    const room = await connect({ commandRetry: { minDelayMs: 5, maxDelayMs: 20 } }).join(ROOM_ID);
    // The room's host is moving (a drain, a crash): the gateway cannot place the first two tries.
    gateway.unavailableCommands = 2;

    const result = await room.send(chat('m1', 'Still there?'));

    const commandIds = gateway.messages('command').map((message) => message.commandId);
    expect(commandIds).toHaveLength(3);
    expect(new Set(commandIds).size).toBe(1);
    expect(result).toEqual({ ok: true, version: gateway.state.version });
    expect(gateway.eventsOfType('ChatMessageSent')).toHaveLength(1);
    expect(chatTexts(room)).toEqual(['Still there?']);
  });

  it('answers room_unavailable once its retries are spent', async () => {
    const room = await connect({ commandRetry: { retries: 2, minDelayMs: 5, maxDelayMs: 10 } }).join(ROOM_ID);
    gateway.unavailableCommands = 10;

    const result = await room.send(chat('m1', 'Anyone?'));

    expect(result).toMatchObject({ ok: false, code: 'room_unavailable' });
    expect(gateway.messages('command')).toHaveLength(3);
    expect(gateway.eventsOfType('ChatMessageSent')).toHaveLength(0);
  });

  it('queues commands sent while reconnecting and sends them once the room is joined again', async () => {
    // Slow enough to send while the client waits for its next attempt.
    const client = connect({ reconnect: { minDelayMs: 200, maxDelayMs: 200 } });
    const room = await client.join(ROOM_ID);
    gateway.drop(CLOSE_CODES.slowConsumer);
    await vi.waitFor(() => expect(client.status).toBe('reconnecting'));

    const result = await room.send(chat('m1', 'Sent offline'));

    expect(result.ok).toBe(true);
    const order = gateway.received.filter((entry) => entry.socket === 1).map((entry) => entry.message.type);
    expect(order).toEqual(['hello', 'join', 'command']);
  });

  it('refreshes a refused token through onTokenRejected and reconnects with the new one', async () => {
    let token = 'expired-token';
    const onTokenRejected = vi.fn(async () => {
      token = 'ada-token';
    });
    const client = connect({ getToken: () => token, onTokenRejected });

    await client.connect();
    const room = await client.join(ROOM_ID);

    expect(onTokenRejected).toHaveBeenCalledTimes(1);
    expect(gateway.messages('hello').map((hello) => hello.token)).toEqual(['expired-token', 'ada-token']);
    expect(room.participantId).toBe(ada.participantId);
  });

  it('ends the client when the refresh fails', async () => {
    const issues: RealtimeIssue[] = [];
    const client = connect({
      getToken: () => 'expired-token',
      onTokenRejected: () => Promise.reject(new Error('refresh token revoked')),
    });
    client.onError((issue) => issues.push(issue));

    await expect(client.connect()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(client.status).toBe('closed');
    expect(issues.map((issue) => issue.type)).toEqual(['token_refresh_failed']);
  });

  it('stops for good on an incompatible server', async () => {
    gateway.protocolVersion = PROTOCOL_VERSION + 1;
    const client = connect();
    const joining = client.join(ROOM_ID);

    await expect(client.connect()).rejects.toMatchObject({
      code: 'incompatible',
      serverCode: 'client_too_old',
    });
    await expect(joining).rejects.toMatchObject({ code: 'incompatible' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.status).toBe('incompatible');
    expect(gateway.connectionCount).toBe(1);
  });
});

describe('failures', () => {
  it('replaces a socket that stopped answering pings, and rejoins', async () => {
    const client = connect({ heartbeatMs: 30, now: () => 1234 });
    const room = await client.join(ROOM_ID);

    gateway.answerPings = false;
    await vi.waitFor(() => expect(gateway.connectionCount).toBe(2));
    gateway.answerPings = true;

    await vi.waitFor(() => expect(gateway.messages('join')).toHaveLength(2));
    expect(gateway.messages('join')[1]).toMatchObject({ lastVersion: room.version });
    expect(gateway.messages('ping')[0]).toEqual({ type: 'ping', at: 1234 });
    expect(client.status).toBe('open');
  });

  it("replaces a socket that died silently within seconds of the person's next command", async () => {
    // The browser's heartbeat (20 s): the command's probe notices, not the periodic ping.
    const room = await connect().join(ROOM_ID);
    gateway.blackHole();
    const sentAt = Date.now();

    const result = await room.send(chat('m1', 'anyone there?'));

    expect(result).toEqual({ ok: true, version: gateway.state.version });
    // 1.5 s without an answer, a ping and a witness socket answered, 0.5 s of grace, then a reconnect.
    expect(Date.now() - sentAt).toBeLessThan(4_000);
    expect(gateway.messages('hello')).toHaveLength(2);
    expect(chatTexts(room)).toEqual(['anyone there?']);
  });

  it('keeps a socket whose server lags: its pong comes before the witness is answered', async () => {
    const room = await connect().join(ROOM_ID);
    gateway.lagMs = 3_000;

    const result = await room.send(chat('m1', 'slowly'));

    expect(result).toEqual({ ok: true, version: gateway.state.version });
    // The witness socket was opened and pinged, and no hello or join followed: no reconnect.
    expect(gateway.connectionCount).toBe(2);
    expect(gateway.messages('hello')).toHaveLength(1);
    expect(gateway.messages('join')).toHaveLength(1);
  });

  it('reports malformed frames through onError and keeps following the room', async () => {
    const client = connect();
    const issues: RealtimeIssue[] = [];
    client.onError((issue) => issues.push(issue));
    const room = await client.join(ROOM_ID);

    gateway.sendRaw('{not json');
    gateway.sendRaw(JSON.stringify({ type: 'events', roomId: ROOM_ID, events: [{ version: 'x' }] }));
    gateway.sendRaw(JSON.stringify({ type: 'teleport' }));
    paulChats('m1');

    await vi.waitFor(() => expect(chatTexts(room)).toEqual(['Hello m1']));
    expect(issues.map((issue) => issue.type)).toEqual([
      'malformed_frame',
      'malformed_frame',
      'malformed_frame',
    ]);
    expect(issues[0]).toMatchObject({ data: '{not json', reason: 'Not JSON' });
    expect(client.status).toBe('open');
  });

  it('keeps delivering to the other listeners when one throws, and reports it', async () => {
    const client = connect();
    const issues: RealtimeIssue[] = [];
    client.onError((issue) => issues.push(issue));
    const room = await client.join(ROOM_ID);
    room.onEvents(() => {
      throw new Error('application bug');
    });
    const seen = vi.fn();
    room.onEvents(seen);

    paulChats('m1');

    await vi.waitFor(() => expect(seen).toHaveBeenCalledTimes(2));
    expect(issues.map((issue) => issue.type)).toEqual(['listener_failed', 'listener_failed']);
  });

  it('rejects a command with no answer at its timeout, and the waiting ones on close', async () => {
    const client = connect();
    const room = await client.join(ROOM_ID);
    gateway.holdCommands = true;

    const timedOut = room.send(chat('m1', 'Anyone?'), { timeoutMs: 50 });
    const waiting = room.send(chat('m2', 'Hello?'));
    await expect(timedOut).rejects.toMatchObject({ code: 'timeout' });
    client.close();

    await expect(waiting).rejects.toMatchObject({ code: 'closed' });
    expect(client.status).toBe('closed');
    await expect(client.join(ROOM_ID)).rejects.toMatchObject({ code: 'closed' });
  });
});

describe('media requests', () => {
  it('resolves each request with the reply of its own id', async () => {
    gateway.mediaReply = (request) => {
      if (request.action === 'publish') return { result: { feed: 41, answer: `answer to ${request.offer}` } };
      if (request.action === 'feeds')
        return { result: { feeds: [{ feed: 7, participantId: 2, source: 'camera' }] } };
      return { result: {} };
    };
    const room = await connect().join(ROOM_ID);

    const [published, feeds] = await Promise.all([
      room.media({ action: 'publish', source: 'camera', offer: 'v=0 offer' }),
      room.media({ action: 'feeds' }),
    ]);

    expect(published).toEqual({ feed: 41, answer: 'answer to v=0 offer' });
    expect(feeds).toEqual({ feeds: [{ feed: 7, participantId: 2, source: 'camera' }] });
    const requestIds = gateway.messages('media').map((message) => message.requestId);
    expect(new Set(requestIds).size).toBe(2);
    expect(gateway.messages('media')[0]).toMatchObject({ roomId: ROOM_ID, request: { action: 'publish' } });
  });

  it("rejects with the server's code when the server refuses", async () => {
    gateway.mediaReply = () => ({
      error: { code: 'media_server_unavailable', message: 'The media server cannot be reached.' },
    });
    const room = await connect().join(ROOM_ID);

    const failure = await room
      .media({ action: 'subscribe', feed: 3, layer: 0 })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(RealtimeError);
    expect(failure).toMatchObject({
      code: 'media_refused',
      serverCode: 'media_server_unavailable',
      message: 'The media server cannot be reached.',
    });
  });

  it('rejects at once when offline, without sending anything', async () => {
    const client = connect({ reconnect: { minDelayMs: 300, maxDelayMs: 300 } });
    const room = await client.join(ROOM_ID);
    gateway.drop();
    await vi.waitFor(() => expect(client.status).toBe('reconnecting'));

    await expect(room.media({ action: 'feeds' })).rejects.toMatchObject({ code: 'disconnected' });
    expect(gateway.messages('media')).toHaveLength(0);
  });

  it('rejects a request unanswered when the socket drops, does not send it again, and tells of the rejoin', async () => {
    gateway.mediaReply = () => null;
    const client = connect();
    const room = await client.join(ROOM_ID);
    const rejoined = vi.fn();
    room.onRejoin(rejoined);

    const pending = room.media({ action: 'layer', subscription: 's1', layer: 2 });
    await vi.waitFor(() => expect(gateway.messages('media')).toHaveLength(1));
    gateway.drop();

    await expect(pending).rejects.toMatchObject({ code: 'disconnected' });
    await vi.waitFor(() => expect(rejoined).toHaveBeenCalledTimes(1));
    expect(gateway.messages('media')).toHaveLength(1);
    expect(gateway.messages('join')).toHaveLength(2);
  });

  it('rejects with the gateway code when the gateway refuses the request itself', async () => {
    const room = await connect().join(ROOM_ID);
    gateway.mediaReply = () => null;
    // The gateway's own refusal, before any media logic: an error naming the request.
    const pending = room.media({ action: 'feeds' });
    await vi.waitFor(() => expect(gateway.messages('media')).toHaveLength(1));
    const [sent] = gateway.messages('media');
    gateway.sendRaw(
      JSON.stringify({ type: 'error', code: 'rate_limited', message: 'Slow down.', ref: sent?.requestId }),
    );

    await expect(pending).rejects.toMatchObject({ code: 'media_refused', serverCode: 'rate_limited' });
  });

  it('rejects what waits when the client closes', async () => {
    gateway.mediaReply = () => null;
    const client = connect();
    const room = await client.join(ROOM_ID);

    const pending = room.media({ action: 'feeds' });
    await vi.waitFor(() => expect(gateway.messages('media')).toHaveLength(1));
    client.close();

    await expect(pending).rejects.toMatchObject({ code: 'closed' });
  });
});
