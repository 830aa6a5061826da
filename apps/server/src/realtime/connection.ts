// One client socket: hello (authentication and protocol version), joins (welcome or resume, then
// live), commands (to the room's host, answered ack or rejected), signals and pings. Every inbound
// message is size-checked and parsed before anything acts on it; a bad one is answered with a code,
// counted, and the socket (and everyone else) carries on.
import { randomUUID } from 'node:crypto';
import {
  DomainError,
  eventFor,
  findUnstorableText,
  isAnimator,
  type RoomActor,
  roomStreamId,
  stateFor,
  UNSTORABLE_TEXT_MESSAGE,
} from '@lablive/domain';
import {
  CLIENT_MESSAGE_TYPES,
  CLOSE_CODES,
  type ClientMessage,
  clientMessageSchema,
  INCOMPATIBILITY_REASONS,
  PROTOCOL_ERRORS,
  PROTOCOL_LIMITS,
  PROTOCOL_VERSION,
  type ServerMessage,
} from '@lablive/protocol';
import type { Caller } from '../access/caller.ts';
import { resolveRoomAccess } from '../access/roomAccess.ts';
import type { Authenticator } from '../auth/authentication.ts';
import type { Db } from '../db/connection.ts';
import { readStream, toDelivered } from '../event-store/index.ts';
import { createTokenBucket } from '../limits/tokenBucket.ts';
import type { GatewayStats } from '../observability/gatewayStats.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { trustedCommand } from './clientCommands.ts';
import type { InFlight } from './inFlight.ts';
import { eventsFrame, type Member, type RoomFanout } from './roomFanout.ts';
import type { RoomSignals } from './roomSignals.ts';
import type { SocketSender } from './socketSender.ts';

export type ConnectionDeps = {
  db: Db;
  rooms: RoomService;
  authenticator: Authenticator;
  fanout: RoomFanout;
  signals: RoomSignals;
  stats: GatewayStats;
  /** What is being handled, for a drain to wait on; and whether new messages are still taken. */
  inFlight: InFlight;
  /**
   * False while the instance drains: messages are dropped unanswered, so the client sends its command
   * again (same id) on the instance it reconnects to, rather than getting a refusal.
   */
  accepting: () => boolean;
  /** Called once a hello authenticated the socket: only that ends the hello timeout. */
  authenticated: () => void;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
};

type Joined = {
  member: Member;
  actor: RoomActor;
  connectionId: string;
  /**
   * Settles once this connection's JoinRoom was decided. The socket's commands (and its LeaveRoom) wait
   * for it: a client resuming after a move sends its unacknowledged commands as soon as it is told
   * `resumed`, and they must not reach the room before it is back in it.
   */
  entered: Promise<void>;
};

export type Connection = {
  receive(raw: Buffer): void;
  closed(code: number): void;
};

export function openConnection(sender: SocketSender, deps: ConnectionDeps): Connection {
  let caller: Caller | null = null;
  const joined = new Map<number, Joined>();
  const joining = new Set<number>();
  const commandBucket = createTokenBucket(PROTOCOL_LIMITS.commandsPerSecond, PROTOCOL_LIMITS.commandBurst);
  const signalBucket = createTokenBucket(PROTOCOL_LIMITS.signalsPerSecond, PROTOCOL_LIMITS.signalBurst);
  const reportBucket = createTokenBucket(PROTOCOL_LIMITS.reportsPerMinute / 60, PROTOCOL_LIMITS.reportBurst);
  let isClosed = false;

  const send = (message: ServerMessage) => sender.send(JSON.stringify(message));
  const refuse = (code: string, message: string, ref?: string) => {
    deps.stats.refuse(code);
    send({ type: 'error', code, message, ...(ref ? { ref } : {}) });
  };

  function parse(raw: Buffer): ClientMessage | null {
    if (raw.byteLength > PROTOCOL_LIMITS.maxClientMessageBytes) {
      refuse(
        PROTOCOL_ERRORS.messageTooLarge,
        `A message may be ${PROTOCOL_LIMITS.maxClientMessageBytes} bytes at most; this one is ${raw.byteLength}.`,
      );
      return null;
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      refuse(PROTOCOL_ERRORS.invalidJson, 'The message is not valid JSON.');
      return null;
    }
    const type = typeof json === 'object' && json !== null && 'type' in json ? json.type : undefined;
    if (typeof type !== 'string' || !(CLIENT_MESSAGE_TYPES as readonly string[]).includes(type)) {
      refuse(PROTOCOL_ERRORS.unknownType, `Unknown message type ${JSON.stringify(type ?? null)}.`);
      return null;
    }
    const ref =
      typeof json === 'object' && json !== null && 'commandId' in json ? String(json.commandId) : undefined;
    // Before the schema: text PostgreSQL cannot store never reaches a room, whatever field holds it.
    const unstorable = findUnstorableText(json);
    if (unstorable) {
      refuse(PROTOCOL_ERRORS.invalidMessage, `${type}: ${unstorable}: ${UNSTORABLE_TEXT_MESSAGE}`, ref);
      return null;
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || type;
      refuse(PROTOCOL_ERRORS.invalidMessage, `${type}: ${where}: ${issue?.message ?? 'invalid'}`, ref);
      return null;
    }
    return parsed.data;
  }

  async function hello(message: Extract<ClientMessage, { type: 'hello' }>) {
    if (message.protocolVersion !== PROTOCOL_VERSION) {
      send({
        type: 'incompatible',
        reason:
          message.protocolVersion < PROTOCOL_VERSION
            ? INCOMPATIBILITY_REASONS.clientTooOld
            : INCOMPATIBILITY_REASONS.clientTooNew,
        serverVersion: PROTOCOL_VERSION,
      });
      deps.stats.refuse('incompatible');
      sender.close(CLOSE_CODES.incompatible, 'incompatible protocol version');
      return;
    }
    if (caller) {
      refuse(PROTOCOL_ERRORS.alreadyAuthenticated, 'This connection is already authenticated.');
      return;
    }
    try {
      caller = (await deps.authenticator.verifyToken(message.token)).caller;
    } catch {
      refuse(PROTOCOL_ERRORS.invalidToken, 'Invalid token.');
      sender.close(CLOSE_CODES.unauthorized, 'invalid token');
      return;
    }
    deps.authenticated();
    send({
      type: 'authenticated',
      protocolVersion: PROTOCOL_VERSION,
      participant: { kind: caller.user.kind, id: caller.user.id },
    });
  }

  async function join(message: Extract<ClientMessage, { type: 'join' }>, who: Caller) {
    const { roomId } = message;
    if (joining.has(roomId)) {
      refuse(PROTOCOL_ERRORS.invalidMessage, `Already joining room ${roomId}.`, String(roomId));
      return;
    }
    joining.add(roomId);
    let markEntered = () => {};
    try {
      leave(roomId, 'left');
      let access: Awaited<ReturnType<typeof resolveRoomAccess>>;
      try {
        access = await resolveRoomAccess(deps.db, who.principal, roomId);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const code =
          error.code === 'not_found' ? PROTOCOL_ERRORS.roomNotFound : PROTOCOL_ERRORS.notAllowedInRoom;
        refuse(code, `Room ${roomId}: ${error.message}`, String(roomId));
        return;
      }
      const recipient = {
        participantId: access.actor.participantId,
        isAnimator: isAnimator(access.actor.role),
      };
      const member: Member = { recipient, sender, lastSent: 0, backlog: [] };
      // Follow first, so nothing committed while the welcome or the missed events are read is lost.
      deps.fanout.attach(roomId, member);
      deps.signals.attach(roomId, member);
      const entered = new Promise<void>((resolve) => {
        markEntered = resolve;
      });
      const entry: Joined = {
        member,
        actor: access.actor,
        connectionId: deps.rooms.newConnectionId(),
        entered,
      };
      joined.set(roomId, entry);
      const lastVersion = message.lastVersion ?? null;
      if (lastVersion === null) {
        const snapshot = await deps.rooms.snapshot(roomId);
        member.lastSent = snapshot.version;
        send({
          type: 'welcome',
          roomId,
          version: snapshot.version,
          participantId: access.actor.participantId,
          role: access.actor.role,
          state: stateFor(snapshot.state, recipient),
        });
      } else {
        send({
          type: 'resumed',
          roomId,
          fromVersion: lastVersion,
          participantId: access.actor.participantId,
          role: access.actor.role,
        });
        member.lastSent = lastVersion;
        await sendMissed(roomId, member);
      }
      if (isClosed || joined.get(roomId) !== entry) return;
      deps.fanout.goLive(roomId, member);
      const outcome = await deps.rooms.execute({
        roomId,
        commandId: randomUUID(),
        actor: access.actor,
        command: { type: 'JoinRoom', data: { connectionId: entry.connectionId } },
        correlationId: entry.connectionId,
      });
      if (!outcome.ok) refuse(outcome.code, outcome.message, String(roomId));
    } finally {
      markEntered();
      joining.delete(roomId);
    }
  }

  async function sendMissed(roomId: number, member: Member) {
    for (let from = member.lastSent + 1; ; ) {
      const page = await readStream(deps.db, roomStreamId(roomId), from, PROTOCOL_LIMITS.resumePageSize);
      const parts: string[] = [];
      for (const stored of page) {
        const delivered = toDelivered(stored);
        const visible = eventFor(delivered.event, member.recipient);
        if (visible) parts.push(JSON.stringify({ ...delivered, event: visible }));
        member.lastSent = delivered.version;
      }
      if (parts.length > 0) sender.send(eventsFrame(roomId, parts));
      if (page.length < PROTOCOL_LIMITS.resumePageSize) return;
      from = member.lastSent + 1;
    }
  }

  async function command(message: Extract<ClientMessage, { type: 'command' }>, who: Caller) {
    const room = joined.get(message.roomId);
    if (!room) {
      refuse(
        PROTOCOL_ERRORS.notJoined,
        `Join room ${message.roomId} before sending it commands.`,
        message.commandId,
      );
      return;
    }
    if (!commandBucket.take()) {
      refuse(PROTOCOL_ERRORS.rateLimited, 'Too many commands: slow down.', message.commandId);
      return;
    }
    deps.stats.commands++;
    await room.entered;
    const command = await trustedCommand(deps.db, who, message.command, room.connectionId);
    if (!command.ok) {
      deps.stats.refuse(command.code);
      send({ type: 'rejected', commandId: message.commandId, code: command.code, message: command.message });
      return;
    }
    const outcome = await deps.rooms.execute({
      roomId: message.roomId,
      commandId: message.commandId,
      actor: room.actor,
      command: command.command,
      correlationId: room.connectionId,
    });
    if (outcome.ok) {
      send({ type: 'ack', commandId: message.commandId, version: outcome.version });
    } else {
      if (outcome.code === PROTOCOL_ERRORS.roomUnavailable)
        deps.log('warn', 'room unavailable', { roomId: message.roomId, commandId: message.commandId });
      deps.stats.refuse(outcome.code);
      send({ type: 'rejected', commandId: message.commandId, code: outcome.code, message: outcome.message });
    }
  }

  /** A client's own problem, into the server's log with who and where; past the rate, dropped quietly. */
  function report(message: Extract<ClientMessage, { type: 'report' }>) {
    const room = joined.get(message.roomId);
    if (!room || !reportBucket.take()) return;
    deps.log('warn', 'client reported a problem', {
      roomId: message.roomId,
      participantId: room.actor.participantId,
      role: room.actor.role,
      kind: message.kind,
      problem: message.message,
    });
  }

  function signal(message: Extract<ClientMessage, { type: 'signal' }>) {
    const room = joined.get(message.roomId);
    if (!room) {
      refuse(PROTOCOL_ERRORS.notJoined, `Join room ${message.roomId} before signalling in it.`);
      return;
    }
    if (!signalBucket.take()) {
      refuse(PROTOCOL_ERRORS.rateLimited, 'Too many signals: slow down.');
      return;
    }
    if (JSON.stringify(message.payload ?? null).length > PROTOCOL_LIMITS.maxSignalPayloadBytes) {
      refuse(PROTOCOL_ERRORS.messageTooLarge, 'The signal payload is too large.');
      return;
    }
    deps.signals.publish(message.roomId, room.actor.participantId, message.to, message.kind, message.payload);
  }

  function leave(roomId: number, reason: string) {
    const room = joined.get(roomId);
    if (!room) return;
    joined.delete(roomId);
    deps.fanout.detach(roomId, room.member);
    deps.signals.detach(roomId, room.member);
    void deps.inFlight
      .track(
        room.entered.then(() =>
          deps.rooms.execute({
            roomId,
            commandId: randomUUID(),
            actor: room.actor,
            command: { type: 'LeaveRoom', data: { connectionId: room.connectionId, reason } },
            correlationId: room.connectionId,
          }),
        ),
      )
      .then((outcome) => {
        if (!outcome.ok && outcome.code === 'room_unavailable')
          deps.log('warn', 'leave not recorded', { roomId, code: outcome.code });
      })
      .catch((error: unknown) => deps.log('warn', 'leave not recorded', { roomId, error: String(error) }));
  }

  async function handle(message: ClientMessage) {
    if (message.type === 'ping') {
      send({ type: 'pong', at: message.at, serverTime: Date.now() });
      return;
    }
    if (message.type === 'hello') return hello(message);
    if (!caller) {
      refuse(PROTOCOL_ERRORS.notAuthenticated, 'Send hello with your token first.');
      return;
    }
    switch (message.type) {
      case 'join':
        return join(message, caller);
      case 'command':
        return command(message, caller);
      case 'signal':
        return signal(message);
      case 'report':
        return report(message);
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }

  return {
    receive(raw) {
      deps.stats.messagesReceived++;
      if (!deps.accepting()) return;
      const message = parse(raw);
      if (!message) return;
      void deps.inFlight.track(
        handle(message).catch((error: unknown) => {
          deps.log('error', 'socket message failed', {
            type: message.type,
            ...('roomId' in message ? { roomId: message.roomId } : {}),
            ...(message.type === 'command' ? { commandId: message.commandId } : {}),
            error: String(error),
          });
          refuse(PROTOCOL_ERRORS.internal, 'The server could not handle this message.');
        }),
      );
    },
    closed(code) {
      isClosed = true;
      for (const roomId of [...joined.keys()])
        leave(roomId, code === 1000 || code === 1001 ? 'left' : 'connection_lost');
    },
  };
}
