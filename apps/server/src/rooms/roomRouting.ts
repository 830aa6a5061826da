// Where a room's request goes: to this instance's host when it has one, else over the bus to the
// instance holding the room's lease; when nobody answers, the room is placed (roomPlacement.ts: on the
// least loaded instance). A host that is moving answers nothing useful (null): the request is routed
// again, a few times with a growing pause. A host that stays silent is placed again too: an instance cut
// from NATS by a partition keeps its subscriptions on the NATS server (nothing closed its connection), so
// requests reach it and time out instead of finding no responder; once it gives its lease up
// (busLossWatchdog.ts) this instance takes the room, and while it holds the lease nothing is taken.
import { type Bus, BusTimeoutError, NoRespondersError } from '../bus/index.ts';
import type { BusRequestOutcome, RoomInstruments } from '../observability/instruments.ts';
import type { LocalHosts } from './localHosts.ts';
import type { RoomHost } from './roomHost.ts';

const ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const outcomeOf = (error: unknown): BusRequestOutcome =>
  error instanceof NoRespondersError
    ? 'no_responders'
    : error instanceof BusTimeoutError
      ? 'timeout'
      : 'error';

export type RoomRouter = {
  /** Runs `local` on this instance's host, or `remote` over the bus, placing the room when unhosted. */
  route<T>(
    roomId: number,
    local: (host: RoomHost) => Promise<T | null>,
    remote: () => Promise<T | null>,
  ): Promise<T | null>;
  /** A bus request to a room's host, timed and counted by outcome. */
  request(kind: 'cmd' | 'snapshot', subject: string, payload: Uint8Array): Promise<Uint8Array>;
};

export function createRoomRouter(
  bus: Bus,
  hosts: LocalHosts,
  instruments: RoomInstruments,
  timeoutMs: number,
  /** Has the unhosted room taken somewhere; true once it is. Without placement, this instance takes it. */
  place: (roomId: number) => Promise<boolean> = async (roomId) => (await hosts.ensure(roomId)) !== null,
): RoomRouter {
  return {
    async route(roomId, local, remote) {
      let timedOut = false;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const hosted = hosts.get(roomId);
        if (hosted && !hosted.stopped()) {
          const result = await local(hosted);
          if (result !== null) return result;
        } else {
          try {
            const result = await remote();
            if (result !== null) return result;
          } catch (error) {
            if (error instanceof BusTimeoutError && !timedOut) {
              // The host may have died with the request: ask again once, whoever hosts the room now.
              timedOut = true;
              continue;
            }
            if (error instanceof BusTimeoutError) {
              // Silent twice: take the room here if its lease is free (its host gave it up), without
              // placing it by load, which would count it somewhere while a slow host still holds it.
              if (await hosts.ensure(roomId)) continue;
              throw error;
            }
            if (!(error instanceof NoRespondersError)) throw error;
            if (await place(roomId)) continue;
          }
        }
        // Another instance holds the lease but is not answering yet (starting, or stopping).
        await sleep(25 * 2 ** attempt);
      }
      return null;
    },

    async request(kind, subject, payload) {
      const started = performance.now();
      try {
        const answer = await bus.request(subject, payload, { timeoutMs });
        instruments.busRequest(kind, 'ok', (performance.now() - started) / 1000);
        return answer;
      } catch (error) {
        instruments.busRequest(kind, outcomeOf(error), (performance.now() - started) / 1000);
        throw error;
      }
    },
  };
}
