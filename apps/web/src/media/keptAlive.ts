// One thing a `janus` session keeps established (a publication, a subscription, the feed list): opened,
// opened again with backoff after a failure, and restarted when it broke (its connection failed, or
// the media server forgot it). A failure the caller says not to retry waits for ensure(): e.g. after a
// request made offline, the room's rejoin ensures everything again.
import { type BackoffOptions, backoffDelay } from '@lablive/client/realtime/backoff';

/** Retries of a media negotiation: 0.5 s doubling up to 15 s, half of each delay random. */
export const MEDIA_RETRY: BackoffOptions = { minDelayMs: 500, maxDelayMs: 15_000 };

/** A value that lived this long counts as a success: its next failure waits the shortest delay again. */
const STABLE_MS = 30_000;

export type Kept<T> = {
  /** The established value, or null while it is being opened (or waits to be). */
  current(): T | null;
  /** Opens it now if it is neither open nor opening nor waiting for its retry. */
  ensure(): void;
  /** Throws the current value away and opens a new one after the backoff's delay. */
  restart(): void;
  /** Throws the current value away and opens a new one now (a refresh, not a failure). */
  reopen(): void;
  close(): void;
};

export type KeptOptions<T> = {
  open: () => Promise<T>;
  dispose: (value: T) => void;
  /** After a failure: whether to try again by itself (false: wait for the next ensure()). */
  retryAfter: (error: unknown) => boolean;
  onError: (error: unknown) => void;
  /** The value came or went. */
  onChange: () => void;
  clock?: () => number;
  random?: () => number;
};

export function keepAlive<T>(options: KeptOptions<T>): Kept<T> {
  const clock = options.clock ?? Date.now;
  const random = options.random ?? Math.random;
  let current: T | null = null;
  let openedAt = 0;
  let opening = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by restart and close: an opening that finishes for an older generation is disposed. */
  let generation = 0;
  let closed = false;

  function later(): void {
    if (timer !== null || closed) return;
    const delay = backoffDelay(attempt, MEDIA_RETRY, random);
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      open();
    }, delay);
  }

  function open(): void {
    if (closed || opening || current !== null || timer !== null) return;
    opening = true;
    const mine = generation;
    options.open().then(
      (value) => {
        opening = false;
        if (mine !== generation || closed) {
          options.dispose(value);
          if (!closed) open();
          return;
        }
        current = value;
        openedAt = clock();
        options.onChange();
      },
      (error: unknown) => {
        opening = false;
        if (closed) return;
        options.onError(error);
        if (mine !== generation) open();
        else if (options.retryAfter(error)) later();
      },
    );
  }

  /** Disposes the current value; an opening under way will be thrown away and opened again. */
  function drop(): void {
    generation += 1;
    if (current === null) return;
    if (clock() - openedAt >= STABLE_MS) attempt = 0;
    options.dispose(current);
    current = null;
    options.onChange();
  }

  return {
    current: () => current,
    ensure: open,
    restart() {
      if (closed) return;
      drop();
      if (!opening) later();
    },
    reopen() {
      if (closed) return;
      drop();
      if (timer !== null) clearTimeout(timer);
      timer = null;
      open();
    },
    close() {
      closed = true;
      generation += 1;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (current !== null) options.dispose(current);
      current = null;
    },
  };
}
