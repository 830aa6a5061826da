// Runs the projections on this instance: for each one whose lease it holds, it makes sure a live
// generation exists, rebuilds a new one in the background when the code's version changed, and follows
// the log into the live generation through the event store's gap-safe subscription (catching up first,
// then woken by appends). A projection that fails on an event stops there with the event and the error
// recorded (status, metrics); it starts again after a restart or a rebuild, never by skipping.
import type { Db } from '../db/connection.ts';
import { readCheckpoint } from '../event-store/checkpoints.ts';
import type { EventStore } from '../event-store/eventStore.ts';
import { compareLogPositions } from '../event-store/readAll.ts';
import type { LogPosition } from '../event-store/types.ts';
import { applyPageOrStop, isTransient, ProjectionFailedError, StaleGenerationError } from './applyPage.ts';
import {
  checkpointName,
  createGeneration,
  dropRetired,
  findGenerations,
  type Generation,
  LOG_START,
} from './generations.repository.ts';
import type { Projection } from './projection.ts';
import type { ProjectionLeases } from './projectionLeases.ts';
import { rebuildProjection } from './rebuild.ts';

/** Events per page while following the log live (a rebuild takes larger ones: rebuild.ts). */
const LIVE_PAGE_SIZE = 1000;

export type ProjectionRunnerOptions = {
  db: Db;
  eventStore: EventStore;
  projections: readonly Projection[];
  leases: ProjectionLeases;
  log: (message: string, details?: Record<string, unknown>) => void;
  pageSize?: number;
  /** How often a projection this instance does not run is tried again (its holder may have died). */
  leaseRetryMs?: number;
  /** How often a subscription polls when no local append woke it (appends on other instances). */
  pollIntervalMs?: number;
};

/** What this instance knows of a projection it runs, for metrics. */
export type RunnerState = {
  name: string;
  running: boolean;
  lastError: string | null;
  failed: boolean;
};

export type ProjectionRunner = {
  start(): void;
  stop(): Promise<void>;
  states(): RunnerState[];
  /** Resolves once every projection this instance runs has applied the log up to now (tests). */
  caughtUp(timeoutMs?: number): Promise<void>;
};

const RETRY_MS = 1000;

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { db, eventStore, projections, leases, log } = options;
  const pageSize = options.pageSize ?? LIVE_PAGE_SIZE;
  const leaseRetryMs = options.leaseRetryMs ?? 5000;
  const controller = new AbortController();
  const states = new Map<string, RunnerState>(
    projections.map((projection) => [
      projection.name,
      { name: projection.name, running: false, lastError: null, failed: false },
    ]),
  );
  const stopSubscription = new Map<string, () => Promise<void>>();
  const workers: Promise<void>[] = [];

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  async function liveGeneration(projection: Projection): Promise<Generation> {
    const found = (await findGenerations(db, projection.name)).find((each) => each.status === 'live');
    return found ?? db.transaction().execute((trx) => createGeneration(trx, projection, 'live'));
  }

  /** Builds the code's version beside an older live one; the live runner carries on meanwhile. */
  const upgrades = new Map<string, Promise<void>>();
  function upgradeIfNeeded(projection: Projection, live: Generation): void {
    if (live.version === projection.version || upgrades.has(projection.name)) return;
    log('projection version changed: rebuilding', {
      projection: projection.name,
      from: live.version,
      to: projection.version,
    });
    const upgrade = rebuildProjection(db, projection, { signal: controller.signal })
      .then((result) => log('projection rebuilt', { projection: projection.name, ...result }))
      .catch((error) => {
        if (!controller.signal.aborted)
          log('projection rebuild stopped', { projection: projection.name, error: String(error) });
      })
      .finally(() => upgrades.delete(projection.name));
    upgrades.set(projection.name, upgrade);
  }

  async function follow(projection: Projection, live: Generation): Promise<void> {
    const name = checkpointName(projection.name, live.generation);
    let position: LogPosition = (await readCheckpoint(db, name)) ?? LOG_START;
    const subscription = eventStore.subscribe({
      from: position,
      batchSize: pageSize,
      pollIntervalMs: options.pollIntervalMs,
      signal: controller.signal,
      onError: (error) =>
        log('projection read failed, retrying', { projection: projection.name, error: String(error) }),
      onEvents: async (events, to) => {
        if (!leases.holds(projection.name)) {
          throw new StaleGenerationError(projection.name, live.generation, 'lease lost');
        }
        position = await applyPageOrStop(db, projection, live.generation, position, events, to);
      },
    });
    stopSubscription.set(projection.name, () => subscription.close());
    try {
      await subscription.done;
    } finally {
      stopSubscription.delete(projection.name);
    }
  }

  async function work(projection: Projection): Promise<void> {
    const state = states.get(projection.name) as RunnerState;
    while (!controller.signal.aborted) {
      try {
        if (!(await leases.tryAcquire(projection.name))) {
          state.running = false;
          await pause(leaseRetryMs);
          continue;
        }
        state.running = true;
        await dropRetired(db, projection);
        const live = await liveGeneration(projection);
        if (live.failure !== null) {
          // Stopped on an event: stays stopped until a rebuild replaces the generation or a restart.
          state.failed = true;
          state.lastError = live.failure.error;
          await pause(leaseRetryMs);
          continue;
        }
        state.failed = false;
        upgradeIfNeeded(projection, live);
        await follow(projection, live);
      } catch (error) {
        if (controller.signal.aborted) break;
        if (error instanceof StaleGenerationError) continue;
        state.lastError = error instanceof Error ? error.message : String(error);
        if (error instanceof ProjectionFailedError) {
          state.failed = true;
          log('projection stopped on an event', { projection: projection.name, error: error.message });
          continue;
        }
        log(isTransient(error) ? 'projection waiting for the database' : 'projection error', {
          projection: projection.name,
          error: state.lastError,
        });
        await pause(RETRY_MS);
      }
    }
    state.running = false;
  }

  return {
    start() {
      for (const projection of projections) workers.push(work(projection));
    },
    async stop() {
      controller.abort();
      await Promise.all([...stopSubscription.values()].map((close) => close()));
      await Promise.allSettled([...workers, ...upgrades.values()]);
    },
    states: () => [...states.values()].map((state) => ({ ...state })),
    async caughtUp(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const last = await db
        .selectFrom('session_events')
        .select(['transaction_id', 'global_position'])
        .orderBy('transaction_id', 'desc')
        .orderBy('global_position', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last === undefined) return;
      const target = { transactionId: String(last.transaction_id), globalPosition: last.global_position };
      for (const projection of projections) {
        for (;;) {
          const live = (await findGenerations(db, projection.name)).find((each) => each.status === 'live');
          const at = live && (await readCheckpoint(db, checkpointName(projection.name, live.generation)));
          if (at && compareLogPositions(at, target) >= 0) break;
          if (Date.now() > deadline)
            throw new Error(`projection ${projection.name} did not catch up in time`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    },
  };
}
