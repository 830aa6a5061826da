// Follows the log: catches up from a position, then stays live, handing each event to the handler
// exactly once and in the log's order. Polls readAll (LISTEN/NOTIFY is ruled out by the design: it
// serialises commits and caps payloads), and an in-process wake-up makes it poll right after a commit.
import type { Db } from '../db/connection.ts';
import { readAll } from './readAll.ts';
import type { LogPosition, StoredSessionEvent } from './types.ts';
import type { UpcasterRegistry } from './upcasters.ts';
import type { WakeUp } from './wakeUp.ts';

export type SubscribeOptions = {
  /** Events strictly after this position are delivered; null starts at the beginning of the log. */
  from: LogPosition | null;
  /**
   * Awaited before the next page is read, so a slow handler slows the subscription rather than piling
   * events up. `position` is the last event's: the checkpoint to store once they are applied.
   */
  onEvents(events: StoredSessionEvent[], position: LogPosition): Promise<void> | void;
  signal?: AbortSignal;
  /** How long to wait between polls when nothing woke the subscription (another instance appending). */
  pollIntervalMs?: number;
  batchSize?: number;
  wakeUp?: WakeUp;
  upcasters?: UpcasterRegistry;
  /** Read errors (database restarting) are reported here and retried; without it they end `done`. */
  onError?: (error: unknown) => void;
};

export type EventSubscription = {
  /** Settles when the subscription stops: rejects with the error of the handler (or read) that ended it. */
  readonly done: Promise<void>;
  /** The position of the last event delivered. */
  position(): LogPosition | null;
  /** Stops after the handler call in progress, if any; resolves when stopped. Never rejects. */
  close(): Promise<void>;
};

const DEFAULT_POLL_INTERVAL_MS = 500;
const DEFAULT_BATCH_SIZE = 500;
const FIRST_HELD_BACK_RETRY_MS = 5;

export function subscribe(db: Db, options: SubscribeOptions): EventSubscription {
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let position = options.from;
  let stopped = false;
  // Set by a wake-up, also one that arrives while a page is read or handled, so that it is not lost.
  let woken = false;
  let interruptPause: (() => void) | undefined;

  const stopListening = options.wakeUp?.listen(() => {
    woken = true;
    interruptPause?.();
  });

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        interruptPause = undefined;
        resolve();
      };
      const timer = setTimeout(end, ms);
      interruptPause = end;
    });
  }

  function stop(): void {
    stopped = true;
    interruptPause?.();
  }

  async function run(): Promise<void> {
    // After a wake-up, the new events can still be held back by an older transaction that is open (see
    // readAll.ts): poll again soon, then less and less often, rather than a whole interval later.
    let heldBackRetryMs: number | undefined;
    try {
      while (!stopped) {
        const wokenBeforeRead = woken;
        woken = false;
        let page: Awaited<ReturnType<typeof readAll>>;
        try {
          page = await readAll(db, position, batchSize, { upcasters: options.upcasters });
        } catch (error) {
          if (stopped || options.onError === undefined) throw error;
          options.onError(error);
          await pause(pollIntervalMs);
          continue;
        }
        if (stopped) break;
        if (page.position !== null && page.events.length > 0) {
          await options.onEvents(page.events, page.position);
          position = page.position;
          heldBackRetryMs = undefined;
          // A full page means more is waiting; a short one may still race a new commit: check again.
          continue;
        }
        if (woken) continue;
        if (wokenBeforeRead) heldBackRetryMs = FIRST_HELD_BACK_RETRY_MS;
        if (heldBackRetryMs !== undefined && heldBackRetryMs < pollIntervalMs) {
          await pause(heldBackRetryMs);
          heldBackRetryMs *= 2;
          continue;
        }
        heldBackRetryMs = undefined;
        await pause(pollIntervalMs);
      }
    } finally {
      stopped = true;
      stopListening?.();
      options.signal?.removeEventListener('abort', stop);
    }
  }

  if (options.signal?.aborted) stopped = true;
  options.signal?.addEventListener('abort', stop, { once: true });
  const done = run();
  // The caller may only ever call close(): an error it did not ask about must not crash the process.
  const finished = done.catch(() => {});
  return {
    done,
    position: () => position,
    close() {
      stop();
      return finished;
    },
  };
}
