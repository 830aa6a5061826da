// How long to wait before the next connection attempt: doubling from minDelayMs up to maxDelayMs, with
// half of each delay random so that the clients of a restarted instance do not all come back at once.
export type BackoffOptions = { minDelayMs: number; maxDelayMs: number };

export const DEFAULT_BACKOFF: BackoffOptions = { minDelayMs: 100, maxDelayMs: 5_000 };

/** `attempt` counts the failures since the last success, from 0; `random` returns a number in [0, 1). */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.minDelayMs * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}

export type RetrySchedule = {
  /** Runs the next attempt after the backoff's delay for the failures so far. */
  schedule(): void;
  /** An attempt succeeded: the next failure waits the shortest delay again. */
  succeeded(): void;
  /** Cancels the attempt scheduled, if any. */
  stop(): void;
};

export function createRetrySchedule(
  options: BackoffOptions,
  random: () => number,
  attemptNow: () => void,
): RetrySchedule {
  /** Failed attempts since the last success: the backoff's exponent. */
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule() {
      const delay = backoffDelay(attempt, options, random);
      attempt += 1;
      timer = setTimeout(() => {
        timer = null;
        attemptNow();
      }, delay);
    },
    succeeded() {
      attempt = 0;
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
