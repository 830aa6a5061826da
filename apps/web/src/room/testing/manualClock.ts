// A clock for xstate actors in unit tests: timers fire when the test advances time, never by themselves.
import type { SimulatedClock } from 'xstate';

export function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Pick<SimulatedClock, 'setTimeout' | 'clearTimeout'> = {
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(Number(id)),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.fn();
      }
    }
  };
  return { clock, advance };
}
