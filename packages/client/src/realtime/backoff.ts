// How long to wait before the next connection attempt: doubling from minDelayMs up to maxDelayMs, with
// half of each delay random so that the clients of a restarted instance do not all come back at once.
export type BackoffOptions = { minDelayMs: number; maxDelayMs: number };

export const DEFAULT_BACKOFF: BackoffOptions = { minDelayMs: 100, maxDelayMs: 5_000 };

/** `attempt` counts the failures since the last success, from 0; `random` returns a number in [0, 1). */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.minDelayMs * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}
