// When a room's committed batches are handed to its sockets. Each hand-over costs every socket of the
// room one write (a system call), which is most of what a large room's fan-out costs; so while such a
// room commits faster than the cadence, its batches are gathered and handed over together once per
// cadence, merged into one when `merge` is given: one frame and one write per socket for all of them,
// and one shared payload (sharedPayloads.ts). A batch that follows a quiet spell goes out at once, so a
// lone message is never held back, and a busy room delays a batch by one cadence at most. Order is
// kept: a batch never overtakes one that waits.
//
// The cadence stretches when writing costs more than it allows: with `paceMs`, hand-overs are at least
// that far apart (the fan-out makes it twice what writing to the room's sockets costs now), so however fast
// the room commits and however slow the machine, its writes leave the event loop at least half its time
// for the commits, the acknowledgements and the other rooms, instead of falling behind pass after pass.
// It stretches to `maxIntervalMs` at most: a batch held longer would miss the 100 ms a message may take
// to reach everyone, whatever it saved (the fan-out benchmark failed its steps at 22 msg/s when the pace,
// measured in wall time on a preempted core, held batches 100 ms and more).
export type Cadence<T> = {
  push(item: T): void;
  /** Drops what waits: nobody on this instance follows the room any more. */
  stop(): void;
};

export type CadenceOptions<T> = {
  intervalMs: number;
  /** A longer interval when one is needed now; the cadence uses the longer of the two. */
  paceMs?: () => number;
  /** The longest interval `paceMs` may stretch to (without it, intervalMs: no stretching). */
  maxIntervalMs?: number;
  /** False when gathering is not worth its delay (a small room): every item goes out at once. */
  gathers: () => boolean;
  /** What the gathered items become, handed over as one; without it they are handed over one by one. */
  merge?: (items: T[]) => T;
};

export function createCadence<T>(handOver: (item: T) => void, options: CadenceOptions<T>): Cadence<T> {
  let lastHandOver = Number.NEGATIVE_INFINITY;
  let waiting: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function handOverWaiting() {
    timer = undefined;
    lastHandOver = performance.now();
    const items = waiting;
    waiting = [];
    if (options.merge && items.length > 1) handOver(options.merge(items));
    else for (const item of items) handOver(item);
  }

  return {
    push(item) {
      if (timer !== undefined) {
        waiting.push(item);
        return;
      }
      const now = performance.now();
      const since = now - lastHandOver;
      const interval = Math.max(
        options.intervalMs,
        Math.min(options.paceMs?.() ?? 0, options.maxIntervalMs ?? options.intervalMs),
      );
      if (since >= interval || !options.gathers()) {
        lastHandOver = now;
        handOver(item);
        return;
      }
      waiting.push(item);
      timer = setTimeout(handOverWaiting, interval - since);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      waiting = [];
    },
  };
}
