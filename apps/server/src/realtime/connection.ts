// One client socket: hello (authentication and protocol version), joins (welcome or resume, then
// live), commands (to the room's host, answered ack or rejected), signals and pings. Every inbound
// message is size-checked and parsed before anything acts on it; a bad one is answered with a code,
// counted, and the socket (and everyone else) carries on. The pieces live beside this file:
// clientMessageParser.ts (the boundary), helloHandshake.ts, roomMemberships.ts (join and leave),
// socketCommands.ts (commands); signals and problem reports are handled here.
import { type ClientMessage, PROTOCOL_ERRORS, PROTOCOL_LIMITS } from '@lablive/protocol';
import type { Caller } from '../access/caller.ts';
import { createTokenBucket } from '../limits/tokenBucket.ts';
import { parseClientMessage } from './clientMessageParser.ts';
import type { ConnectionDeps } from './connectionDeps.ts';
import { answerHello } from './helloHandshake.ts';
import { createRoomMemberships } from './roomMemberships.ts';
import { relayCommand } from './socketCommands.ts';
import { createSocketReplies } from './socketReplies.ts';
import type { SocketSender } from './socketSender.ts';

export type { ConnectionDeps } from './connectionDeps.ts';

export type Connection = {
  receive(raw: Buffer): void;
  closed(code: number): void;
};

export function openConnection(sender: SocketSender, deps: ConnectionDeps): Connection {
  let caller: Caller | null = null;
  const replies = createSocketReplies(sender, deps.stats);
  const rooms = createRoomMemberships(sender, deps, replies);
  const commands = {
    deps,
    replies,
    rooms,
    bucket: createTokenBucket(PROTOCOL_LIMITS.commandsPerSecond, PROTOCOL_LIMITS.commandBurst),
  };
  const signalBucket = createTokenBucket(PROTOCOL_LIMITS.signalsPerSecond, PROTOCOL_LIMITS.signalBurst);
  const reportBucket = createTokenBucket(PROTOCOL_LIMITS.reportsPerMinute / 60, PROTOCOL_LIMITS.reportBurst);

  /** A client's own problem, into the server's log with who and where; past the rate, dropped quietly. */
  function report(message: Extract<ClientMessage, { type: 'report' }>) {
    const room = rooms.get(message.roomId);
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
    const room = rooms.get(message.roomId);
    if (!room) {
      replies.refuse(PROTOCOL_ERRORS.notJoined, `Join room ${message.roomId} before signalling in it.`);
      return;
    }
    if (!signalBucket.take()) {
      replies.refuse(PROTOCOL_ERRORS.rateLimited, 'Too many signals: slow down.');
      return;
    }
    if (JSON.stringify(message.payload ?? null).length > PROTOCOL_LIMITS.maxSignalPayloadBytes) {
      replies.refuse(PROTOCOL_ERRORS.messageTooLarge, 'The signal payload is too large.');
      return;
    }
    deps.signals.publish(message.roomId, room.actor.participantId, message.to, message.kind, message.payload);
  }

  async function hello(message: Extract<ClientMessage, { type: 'hello' }>) {
    const authenticated = await answerHello(message, caller, sender, deps, replies);
    if (authenticated) caller = authenticated;
  }

  async function handle(message: ClientMessage) {
    if (message.type === 'ping') {
      replies.send({ type: 'pong', at: message.at, serverTime: Date.now() });
      return;
    }
    if (message.type === 'hello') return hello(message);
    if (!caller) {
      replies.refuse(PROTOCOL_ERRORS.notAuthenticated, 'Send hello with your token first.');
      return;
    }
    switch (message.type) {
      case 'join':
        return rooms.join(message, caller);
      case 'command':
        return relayCommand(commands, message, caller);
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
      const parsed = parseClientMessage(raw);
      if (!parsed.ok) {
        replies.refuse(parsed.code, parsed.message, parsed.ref);
        return;
      }
      const { message } = parsed;
      void deps.inFlight.track(
        handle(message).catch((error: unknown) => {
          deps.log('error', 'socket message failed', {
            type: message.type,
            ...('roomId' in message ? { roomId: message.roomId } : {}),
            ...(message.type === 'command' ? { commandId: message.commandId } : {}),
            error: String(error),
          });
          replies.refuse(PROTOCOL_ERRORS.internal, 'The server could not handle this message.');
        }),
      );
    },
    closed(code) {
      rooms.closeAll(code);
    },
  };
}
