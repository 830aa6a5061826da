// What one followed room sends and awaits an answer for: its commands (checked against the schema
// before they go, sent again after a reconnect or a retryable answer, pendingCommands.ts) and its
// media requests (never sent again, mediaRequests.ts). Both are refused once the room is not followed.
import { type ClientRoomCommandInput, clientRoomCommandSchema } from '@lablive/domain';
import { type ClientMessage, type MediaAction, type MediaResults, PROTOCOL_ERRORS } from '@lablive/protocol';
import { z } from 'zod';
import type { CommandRetryDelay } from './commandRetries.ts';
import { REALTIME_ERROR_CODES, RealtimeError } from './errors.ts';
import { createPendingMediaRequests, type MediaReply, type MediaRequestOf } from './mediaRequests.ts';
import { type CommandResult, createPendingCommands } from './pendingCommands.ts';

export type SendOptions = {
  /** Reject with a `timeout` RealtimeError when no outcome came by then (the command may still apply). */
  timeoutMs?: number;
};

export type RoomRequests = {
  /** Resolves with the server's ack or rejection, once, however many reconnects it takes. */
  send(command: ClientRoomCommandInput, sendOptions?: SendOptions): Promise<CommandResult>;
  /** A request to the server's media forwarding, resolved with its result. */
  media<A extends MediaAction>(request: MediaRequestOf<A>): Promise<MediaResults[A]>;
  /** The room is ready on a new socket: every command still waiting goes again, in order. */
  resendCommands(): void;
  /** Settles the command if it is this room's; false otherwise. */
  settle(commandId: string, result: CommandResult): boolean;
  /** Settles the media request if it is this room's; false otherwise. */
  settleMedia(requestId: string, reply: MediaReply): boolean;
  /** The socket dropped: the media requests waiting are rejected (commands wait for the next socket). */
  rejectMedia(error: RealtimeError): void;
  /** The room is no longer followed: everything waiting is rejected. */
  rejectAll(error: RealtimeError): void;
};

export type RoomRequestsOptions = {
  roomId: number;
  createId: () => string;
  /** Sends on the current socket; false when there is none. */
  send: (message: ClientMessage) => boolean;
  /** Joined on the current socket. */
  ready: () => boolean;
  /** The room is still followed. */
  following: () => boolean;
  retryDelay: CommandRetryDelay;
};

export function createRoomRequests(options: RoomRequestsOptions): RoomRequests {
  const { roomId } = options;
  const commands = createPendingCommands({
    send: options.send,
    ready: options.ready,
    retryDelay: options.retryDelay,
  });
  const mediaRequests = createPendingMediaRequests({ roomId, send: options.send, ready: options.ready });
  const notFollowed = () =>
    Promise.reject(new RealtimeError(REALTIME_ERROR_CODES.left, `Room ${roomId} is not followed`));

  return {
    send(command, sendOptions = {}) {
      if (!options.following()) return notFollowed();
      const parsed = clientRoomCommandSchema.safeParse(command);
      if (!parsed.success) {
        // What the gateway would answer, without the round trip.
        const message = z.prettifyError(parsed.error);
        return Promise.resolve({ ok: false, code: PROTOCOL_ERRORS.invalidMessage, message });
      }
      const commandId = options.createId();
      const message: ClientMessage = { type: 'command', roomId, commandId, command: parsed.data };
      return commands.add(commandId, message, sendOptions.timeoutMs, parsed.data.type);
    },
    media(request) {
      if (!options.following()) return notFollowed();
      return mediaRequests.add(options.createId(), request);
    },
    resendCommands: () => commands.resendAll(),
    settle: (commandId, result) => commands.settle(commandId, result),
    settleMedia: (requestId, reply) => mediaRequests.settle(requestId, reply),
    rejectMedia: (error) => mediaRequests.rejectAll(error),
    rejectAll(error) {
      commands.rejectAll(error);
      mediaRequests.rejectAll(error);
    },
  };
}
