// The IO of the room session machine: the room token over REST, and the room socket. The connection
// actor owns one realtime client for as long as the room is open: it joins, reports the client's
// status (lost, restored), the session's end and refusals, leaves on request, and on being stopped
// leaves (when still in the room) and closes the client.
import {
  type ApiClient,
  createRealtimeClient,
  type RealtimeStatus,
  type RoomHandle,
  type TokenStore,
  type Unsubscribe,
} from '@lablive/client';
import { fromCallback, fromPromise } from 'xstate';
import { lostRoomFailure, realtimeFailure } from './roomFailure.ts';
import type { ConnectionCommand, ConnectionReport } from './roomSessionMachine.ts';
import { takeRoomToken } from './roomTokenHandoff.ts';

export type RoomSessionDeps = {
  api: ApiClient;
  tokenStore: TokenStore;
  /** The room socket's address, e.g. wss://lablive.example/ws. */
  socketUrl: string;
};

/** What a status change of the client means for a room already joined; null: nothing to report. */
export function statusReport(status: RealtimeStatus): ConnectionReport | null {
  switch (status) {
    case 'open':
      return { type: 'connection.restored' };
    case 'connecting':
    case 'reconnecting':
      return { type: 'connection.lost' };
    case 'incompatible':
      return { type: 'room.failed', failure: { kind: 'incompatible' } };
    case 'idle':
    case 'closed':
      // A client that ends on its own says why through onError or the join; closing is ours.
      return null;
    default: {
      const unhandled: never = status;
      throw new Error(`Unhandled realtime status ${String(unhandled)}`);
    }
  }
}

/** A resumed room takes a moment to rejoin before it takes a report. */
const RESUME_SETTLE_MS = 1000;

export function createRoomSessionActors(deps: RoomSessionDeps) {
  return {
    // Not aborted when the machine stops: React's strict mode stops and restarts it at once, and an
    // abort would reach the restarted machine as a failure. The answer is small and simply dropped.
    // The waiting room may have asked already, on Join (roomTokenHandoff.ts).
    loadToken: fromPromise(
      ({ input }: { input: { roomId: number } }) =>
        takeRoomToken(input.roomId) ?? deps.api.rooms.roomToken(input.roomId),
    ),
    connection: fromCallback<ConnectionCommand, { roomId: number }>(({ input, sendBack, receive }) => {
      const client = createRealtimeClient({
        url: deps.socketUrl,
        getToken: () => deps.tokenStore.get()?.token ?? '',
        // An expired access token: the REST client refreshes the pair on the way, then we reconnect.
        onTokenRejected: async () => {
          await deps.api.me();
        },
      });
      let handle: RoomHandle | null = null;
      let lostAt: number | null = null;
      let leaving: Promise<unknown> | null = null;
      const subscriptions: Unsubscribe[] = [];
      const report = (message: ConnectionReport) => {
        // Once leaving, what the client says about the room no longer concerns the screen.
        if (leaving === null) sendBack(message);
      };

      subscriptions.push(
        client.onStatus((status) => {
          if (handle === null && status !== 'incompatible') return;
          const message = statusReport(status);
          if (message !== null) report(message);
          // An outage goes to the server's log once the room is back (it could not go while it lasted).
          if (message?.type === 'connection.lost' && lostAt === null) lostAt = Date.now();
          if (message?.type === 'connection.restored' && lostAt !== null) {
            const seconds = Math.round((Date.now() - lostAt) / 1000);
            lostAt = null;
            const joined = handle;
            setTimeout(
              () => joined?.report('connection', `The connection was lost for ${seconds} s, then resumed.`),
              RESUME_SETTLE_MS,
            );
          }
        }),
        client.onError((issue) => {
          if (issue.type === 'token_refresh_failed') {
            report({ type: 'room.failed', failure: { kind: 'signedOut' } });
          } else if (issue.type === 'room_lost' && issue.roomId === input.roomId) {
            report({ type: 'room.failed', failure: lostRoomFailure(issue.code, issue.message) });
          } else if (issue.type === 'listener_failed') {
            console.error('A live-room listener failed', issue.cause);
          }
        }),
      );

      client.join(input.roomId).then(
        (joined) => {
          handle = joined;
          subscriptions.push(
            joined.onEvents((events) => {
              if (events.some((delivered) => delivered.event.type === 'SessionEnded')) {
                const { session } = joined.state;
                report({ type: 'session.ended', closed: session.status === 'ended' && session.closed });
              }
            }),
          );
          report({ type: 'room.joined', handle: joined });
        },
        (error: unknown) => report({ type: 'room.failed', failure: realtimeFailure(error) }),
      );

      function leave(): Promise<unknown> {
        if (leaving !== null) return leaving;
        const joined = handle;
        // The server's answer does not matter: the person is gone either way (and it may never come).
        leaving = (joined === null ? Promise.resolve() : joined.leave()).catch(() => undefined);
        return leaving;
      }

      receive((command) => {
        if (command.type === 'leave')
          void leave().then(() => sendBack({ type: 'room.left' } satisfies ConnectionReport));
      });

      return () => {
        for (const unsubscribe of subscriptions) unsubscribe();
        void leave().finally(() => client.close());
      };
    }),
  };
}
