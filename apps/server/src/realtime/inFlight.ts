// The socket messages being handled and the departures being recorded on this instance, so that a
// drain waits for them (an acknowledgement still reaches its socket) before the sockets close and the
// room hosts stop.
import { waitUntil } from '../lifecycle/lifecycle.ts';

export type InFlight = {
  track<T>(work: Promise<T>): Promise<T>;
  count(): number;
  /** Resolves when nothing is in flight or at the deadline; true if nothing was left. */
  idle(deadline: number): Promise<boolean>;
};

export function createInFlight(): InFlight {
  let count = 0;
  return {
    track(work) {
      count++;
      return work.finally(() => {
        count--;
      });
    },
    count: () => count,
    idle: (deadline) => waitUntil(() => count === 0, deadline),
  };
}
