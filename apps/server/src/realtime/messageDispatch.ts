// Every inbound message of one socket, in one place: size-checked and parsed (clientMessageParser.ts)
// before anything acts on it, then routed by type; a ping is answered at once, a hello goes to the
// handshake, and the rest only once the socket authenticated. A bad message is answered with a code and
// counted, and the socket (and everyone else) carries on; a failure is logged and answered `internal`.
// The work of each message is tracked, so a drain waits for it.
import { type ClientMessage, PROTOCOL_ERRORS } from '@lablive/protocol';
import { parseClientMessage } from './clientMessageParser.ts';
import type { HelloHandshake } from './helloHandshake.ts';
import { relayCommand } from './socketCommands.ts';
import type { SocketContext } from './socketContext.ts';
import { answerMediaRequest } from './socketMedia.ts';
import { logReport, relaySignal } from './socketSignals.ts';

export type MessageDispatch = { receive(raw: Buffer): void };

export function createMessageDispatch(context: SocketContext, handshake: HelloHandshake): MessageDispatch {
  const { deps, replies, rooms, lobby } = context;

  async function handle(message: ClientMessage) {
    if (message.type === 'ping') {
      replies.send({ type: 'pong', at: message.at, serverTime: Date.now() });
      return;
    }
    if (message.type === 'hello') return handshake.answer(message);
    const caller = handshake.caller();
    if (!caller) {
      replies.refuse(PROTOCOL_ERRORS.notAuthenticated, 'Send hello with your token first.');
      return;
    }
    switch (message.type) {
      case 'join':
        return rooms.join(message, caller);
      case 'knock':
        // A knock costs a room lookup and a command: it counts against the socket's command rate.
        if (!context.limits.commands.take()) {
          replies.refuse(PROTOCOL_ERRORS.rateLimited, 'Too many knocks: slow down.', String(message.roomId));
          return;
        }
        return lobby.knock(message, caller);
      case 'command':
        return relayCommand(context, message, caller);
      case 'signal':
        return relaySignal(context, message);
      case 'report':
        return logReport(context, message);
      case 'media':
        return answerMediaRequest(context, message);
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
  };
}
