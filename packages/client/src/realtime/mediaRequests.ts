// The media requests of one room awaiting their `media-reply` (provider `janus`): one request id per
// call, settled by the reply of the same id with its result, or rejected with the server's code. Unlike
// commands they are never sent again: the media server's sessions belong to the socket, so a request
// made offline, or still unanswered when the socket drops, is rejected and the caller renegotiates.
import type { ClientMessage, MediaAction, MediaRequest, MediaResults } from '@lablive/protocol';
import { REALTIME_ERROR_CODES, RealtimeError } from './errors.ts';

/** What the server answered a media request: its result, or why it refused. */
export type MediaReply = { result?: unknown; error?: { code: string; message: string } | undefined };

export type MediaRequestOf<A extends MediaAction> = Extract<MediaRequest, { action: A }>;

export type PendingMediaRequests = {
  /** Sends the request now (rejects at once when it cannot be sent) and waits for its reply. */
  add<A extends MediaAction>(requestId: string, request: MediaRequestOf<A>): Promise<MediaResults[A]>;
  /** Settles the request if it waits here; false otherwise. */
  settle(requestId: string, reply: MediaReply): boolean;
  rejectAll(error: RealtimeError): void;
};

export type PendingMediaRequestsOptions = {
  roomId: number;
  /** Sends on the current socket; false when there is none. */
  send: (message: ClientMessage) => boolean;
  /** Whether the room is joined on the current socket. */
  ready: () => boolean;
};

type Pending = {
  action: MediaAction;
  resolve: (result: unknown) => void;
  reject: (error: RealtimeError) => void;
};

export function createPendingMediaRequests(options: PendingMediaRequestsOptions): PendingMediaRequests {
  const pending = new Map<string, Pending>();
  const offline = (action: MediaAction) =>
    new RealtimeError(
      REALTIME_ERROR_CODES.disconnected,
      `Media request ${action}: the room is not connected`,
    );

  return {
    add<A extends MediaAction>(requestId: string, request: MediaRequestOf<A>): Promise<MediaResults[A]> {
      const { action } = request;
      if (!options.ready()) return Promise.reject(offline(action));
      return new Promise<MediaResults[A]>((resolve, reject) => {
        pending.set(requestId, { action, resolve: (result) => resolve(result as MediaResults[A]), reject });
        const sent = options.send({ type: 'media', roomId: options.roomId, requestId, request });
        if (!sent) {
          pending.delete(requestId);
          reject(offline(action));
        }
      });
    },
    settle(requestId, reply) {
      const entry = pending.get(requestId);
      if (entry === undefined) return false;
      pending.delete(requestId);
      if (reply.error !== undefined) {
        const { code, message } = reply.error;
        entry.reject(new RealtimeError(REALTIME_ERROR_CODES.mediaRefused, message, { serverCode: code }));
      } else {
        // The result's shape is the server's promise (MediaResults); an absent one is an empty answer.
        entry.resolve(reply.result ?? {});
      }
      return true;
    },
    rejectAll(error) {
      for (const entry of pending.values()) entry.reject(error);
      pending.clear();
    },
  };
}
