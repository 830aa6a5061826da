// What a socket says that is never stored: its signals to the room's other participants (relayed over
// the bus by roomSignals.ts) and its problem reports (into the server's log with who and where).
import { type ClientMessage, PROTOCOL_ERRORS, PROTOCOL_LIMITS, SERVER_SIGNAL_KINDS } from '@lablive/protocol';
import type { SocketContext } from './socketContext.ts';

export function relaySignal(
  { deps, replies, rooms, limits }: SocketContext,
  message: Extract<ClientMessage, { type: 'signal' }>,
): void {
  const room = rooms.get(message.roomId);
  if (!room) {
    replies.refuse(PROTOCOL_ERRORS.notJoined, `Join room ${message.roomId} before signalling in it.`);
    return;
  }
  if (SERVER_SIGNAL_KINDS.includes(message.kind)) {
    replies.refuse(PROTOCOL_ERRORS.invalidMessage, `Only the server sends '${message.kind}' signals.`);
    return;
  }
  if (!limits.signals.take()) {
    replies.refuse(PROTOCOL_ERRORS.rateLimited, 'Too many signals: slow down.');
    return;
  }
  if (JSON.stringify(message.payload ?? null).length > PROTOCOL_LIMITS.maxSignalPayloadBytes) {
    replies.refuse(PROTOCOL_ERRORS.messageTooLarge, 'The signal payload is too large.');
    return;
  }
  deps.signals.publish(message.roomId, room.actor.participantId, message.to, message.kind, message.payload);
}

/** A client's own problem, into the server's log with who and where; past the rate, dropped quietly. */
export function logReport(
  { deps, rooms, limits }: SocketContext,
  message: Extract<ClientMessage, { type: 'report' }>,
): void {
  const room = rooms.get(message.roomId);
  if (!room || !limits.reports.take()) return;
  deps.log('warn', 'client reported a problem', {
    roomId: message.roomId,
    participantId: room.actor.participantId,
    role: room.actor.role,
    kind: message.kind,
    problem: message.message,
  });
}
