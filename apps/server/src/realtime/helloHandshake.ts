// The first message of a socket and who it authenticated: the protocol version must match (else
// `incompatible` and close 4002) and the token must verify (else `invalid_token` and close 4001); a
// second hello is refused. Until then the socket's other messages are refused `not_authenticated`.
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

export type HelloHandshake = {
  answer(message: Extract<ClientMessage, { type: 'hello' }>): Promise<void>;
  /** Who the socket authenticated as, or null before a valid hello. */
  caller(): Caller | null;
};

export function createHelloHandshake(
  sender: SocketSender,
  deps: ConnectionDeps,
  replies: SocketReplies,
): HelloHandshake {
  let caller: Caller | null = null;
  return {
    caller: () => caller,
    async answer(message) {
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
        return;
      }
      if (caller) {
        replies.refuse(PROTOCOL_ERRORS.alreadyAuthenticated, 'This connection is already authenticated.');
        return;
      }
      let verified: Caller;
      try {
        verified = (await deps.authenticator.verifyToken(message.token)).caller;
      } catch {
        replies.refuse(PROTOCOL_ERRORS.invalidToken, 'Invalid token.');
        sender.close(CLOSE_CODES.unauthorized, 'invalid token');
        return;
      }
      // Two hellos sent together both reach the verification: the first one verified wins.
      if (caller) {
        replies.refuse(PROTOCOL_ERRORS.alreadyAuthenticated, 'This connection is already authenticated.');
        return;
      }
      caller = verified;
      deps.authenticated();
      replies.send({
        type: 'authenticated',
        protocolVersion: PROTOCOL_VERSION,
        participant: { kind: verified.user.kind, id: verified.user.id },
      });
    },
  };
}
