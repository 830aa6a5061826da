// The first message of a socket: the protocol version must match (else `incompatible` and close 4002)
// and the token must verify (else `invalid_token` and close 4001); a second hello is refused.
import {
  CLOSE_CODES,
  type ClientMessage,
  INCOMPATIBILITY_REASONS,
  PROTOCOL_ERRORS,
  PROTOCOL_VERSION,
} from '@lablive/protocol';
import type { Caller } from '../access/caller.ts';
import type { ConnectionDeps } from './connectionDeps.ts';
import type { SocketReplies } from './socketReplies.ts';
import type { SocketSender } from './socketSender.ts';

/** Answers a hello; the caller it authenticated, or null when it authenticated nobody new. */
export async function answerHello(
  message: Extract<ClientMessage, { type: 'hello' }>,
  current: Caller | null,
  sender: SocketSender,
  deps: ConnectionDeps,
  replies: SocketReplies,
): Promise<Caller | null> {
  if (message.protocolVersion !== PROTOCOL_VERSION) {
    replies.send({
      type: 'incompatible',
      reason:
        message.protocolVersion < PROTOCOL_VERSION
          ? INCOMPATIBILITY_REASONS.clientTooOld
          : INCOMPATIBILITY_REASONS.clientTooNew,
      serverVersion: PROTOCOL_VERSION,
    });
    deps.stats.refuse('incompatible');
    sender.close(CLOSE_CODES.incompatible, 'incompatible protocol version');
    return null;
  }
  if (current) {
    replies.refuse(PROTOCOL_ERRORS.alreadyAuthenticated, 'This connection is already authenticated.');
    return null;
  }
  let caller: Caller;
  try {
    caller = (await deps.authenticator.verifyToken(message.token)).caller;
  } catch {
    replies.refuse(PROTOCOL_ERRORS.invalidToken, 'Invalid token.');
    sender.close(CLOSE_CODES.unauthorized, 'invalid token');
    return null;
  }
  deps.authenticated();
  replies.send({
    type: 'authenticated',
    protocolVersion: PROTOCOL_VERSION,
    participant: { kind: caller.user.kind, id: caller.user.id },
  });
  return caller;
}
