// What the realtime client reports. RealtimeError rejects the promises it hands out (connect, join,
// send, leave); a RealtimeIssue goes to the onError listeners, never into the socket's handlers.
import { CodedError } from '@lablive/domain';
import type { ProtocolErrorCode } from '@lablive/protocol';

export const REALTIME_ERROR_CODES = {
  /** close() was called, or the client ended after a failure it cannot retry. */
  closed: 'closed',
  /** The server speaks another protocol version: reload the application. */
  incompatible: 'incompatible',
  /** No token could be had, or the refresh after a refused token failed: sign in again. */
  unauthorized: 'unauthorized',
  /** The server refused to let this participant into the room (`code` in the error's detail). */
  joinRefused: 'join_refused',
  /** The room handle was left (leave()) or lost (a rejoin was refused) before the command's outcome. */
  left: 'left',
  /** A command's outcome did not arrive within its timeout; it may still have been applied. */
  timeout: 'timeout',
  /**
   * A media request was made offline, or the socket dropped before its answer: it is not sent again
   * (the media server's side belongs to the socket), the caller negotiates afresh.
   */
  disconnected: 'disconnected',
  /** The server refused a media request; `serverCode` says why (MEDIA_ERRORS or the gateway's codes). */
  mediaRefused: 'media_refused',
} as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[keyof typeof REALTIME_ERROR_CODES];

export class RealtimeError extends CodedError<RealtimeErrorCode> {
  /** The server's code when the server said why (a protocol error code or an incompatibility reason). */
  readonly serverCode: string | null;

  constructor(
    code: RealtimeErrorCode,
    message: string,
    options: { serverCode?: string; cause?: unknown } = {},
  ) {
    super(code, message, { cause: options.cause });
    this.name = 'RealtimeError';
    this.serverCode = options.serverCode ?? null;
  }
}

export const isRealtimeError = (error: unknown): error is RealtimeError => error instanceof RealtimeError;

export type RealtimeIssue =
  /** A frame that is not JSON or does not match `serverFrameSchema`; it was dropped. */
  | { type: 'malformed_frame'; data: string; reason: string }
  /** An `error` message from the server that no pending join or command was waiting for. */
  | { type: 'server_error'; code: ProtocolErrorCode | (string & {}); message: string; ref: string | null }
  /** A rejoin after a reconnect was refused: the handle stopped following the room. */
  | { type: 'room_lost'; roomId: number; code: string; message: string }
  /** onTokenRejected failed: the client ended with status `closed`. */
  | { type: 'token_refresh_failed'; cause: unknown }
  /** One of the application's listeners threw; the others still ran. */
  | { type: 'listener_failed'; cause: unknown };
