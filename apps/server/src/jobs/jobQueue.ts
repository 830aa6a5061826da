// Deferred work (mails, reminders) as jobs in PostgreSQL, on pg-boss (docs/adr/0001-job-queue-pg-boss.md):
// the same database as the rest (the embedded one included), every instance of a cluster working the
// queues and each job taken by one of them. A job is enqueued with the transaction of the change that
// causes it, so both commit together or not at all; a job id given by the caller makes enqueueing
// twice the same as once.
import { CompiledQuery } from 'kysely';
import { PgBoss } from 'pg-boss';
import type { Db } from '../db/connection.ts';
import { eachAtMost } from './eachAtMost.ts';

export type JobOptions = {
  /** A stable id (a UUID): the same id enqueued twice is one job. */
  id?: string;
  /** Not before this instant (a reminder); now when absent. */
  startAfter?: Date;
};

export type QueueSettings = {
  /** Attempts after the first before the job is kept as failed, with its error. */
  retryLimit: number;
  /** Seconds before the first retry; each next one waits longer (exponential backoff). */
  retryDelaySeconds: number;
  /**
   * The longest wait between two attempts, in seconds: the backoff stops growing there. Without it the
   * waits double without end, and a job failing through a ten-minute outage is next tried ten to twenty
   * minutes after the outage ended (its cause is gone, the job still waits).
   */
  retryDelayMaxSeconds?: number;
  /** Seconds a completed job stays in the database (pg-boss keeps 7 days by default). */
  deleteAfterSeconds?: number;
};

/** `retryCount` attempts were made before this one; at `retryLimit` this attempt is the last. */
export type JobAttempt = { id: string; retryCount: number; retryLimit: number };

export type JobHandler<T> = (data: T, job: JobAttempt) => Promise<void>;

/**
 * Works a whole batch at once (fewer statements for many jobs) and names the jobs that failed; the others
 * complete. Throwing fails every job of the batch: each is tried again later.
 */
export type BatchHandler<T> = (
  jobs: readonly (JobAttempt & { data: T })[],
) => Promise<{ failed: readonly { id: string; error: unknown }[] }>;

export type NewJob<T> = { data: T } & JobOptions;

export type JobQueue = {
  start(): Promise<void>;
  /** Stops taking jobs and waits (up to `timeoutMs`) for those running to finish. */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Makes the queue, and works it on this instance with `handler`. `afterBatch`, when given, gets the ids
   * of a batch's jobs that succeeded, before they are marked completed (one statement for them all, where
   * each job would have made its own).
   */
  define<T extends object>(
    name: string,
    settings: QueueSettings,
    handler: JobHandler<T>,
    afterBatch?: (succeeded: string[]) => Promise<void>,
  ): Promise<void>;
  /** Makes the queue and works it on this instance a batch at a time with `handler`. */
  defineBatch<T extends object>(
    name: string,
    settings: QueueSettings,
    handler: BatchHandler<T>,
  ): Promise<void>;
  /** Enqueues within `db`, a transaction or the database: the job exists once that commits. */
  enqueue<T extends object>(db: Db, name: string, data: T, options?: JobOptions): Promise<string | null>;
  /** Enqueues many jobs in one statement, the same as one `enqueue` each (an id already queued is kept). */
  enqueueMany<T extends object>(db: Db, name: string, jobs: readonly NewJob<T>[]): Promise<void>;
  /**
   * Enqueues a job on `name` by a cron expression in UTC, once per occurrence across every instance; an
   * occurrence missed while no instance ran is sent once when one starts.
   */
  schedule(name: string, cron: string): Promise<void>;
  /** Takes back a job that has not started (a reminder no longer due). */
  cancel(name: string, id: string): Promise<void>;
  /**
   * Removes jobs within `db`'s transaction, so their ids can be enqueued again (a reminder for a start
   * the event moves back to); ids with no job are ignored.
   */
  remove(db: Db, name: string, ids: readonly string[]): Promise<void>;
};

/** Jobs fetched at once by a worker, and run side by side within a batch. */
const BATCH_SIZE = 50;
const JOBS_AT_ONCE = 16;
/**
 * Batches of one queue worked at once on each instance: while one waits for PostgreSQL (fetching,
 * completing, its own statements) the other runs (docs/performance.md, "Reminders").
 */
const WORKERS_PER_QUEUE = 2;

/**
 * What pg-boss reports: an Error, or from a worker a plain copy of one with the queue's name, which
 * String() made "[object Object]" in the log of every database outage (npm run chaos, scenario postgres).
 */
export function describeBossError(error: unknown): { error: string; queue?: string } {
  if (error instanceof Error) return { error: error.message };
  if (typeof error !== 'object' || error === null) return { error: String(error) };
  const { message, queue } = error as { message?: unknown; queue?: unknown };
  return {
    error: typeof message === 'string' ? message : JSON.stringify(error),
    ...(typeof queue === 'string' ? { queue } : {}),
  };
}

/** pg-boss runs its statements through our connection, inside our transaction when there is one. */
function executorOf(db: Db) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values));
      return { rows: [...result.rows] };
    },
  };
}

export function createJobQueue(options: {
  databaseUrl: string;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  /** How often an idle worker looks for due jobs, in seconds (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
}): JobQueue {
  const boss = new PgBoss({ connectionString: options.databaseUrl, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => options.log('error', 'job queue error', describeBossError(error)));
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;

  const queue: JobQueue = {
    async start() {
      await boss.start();
    },

    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },

    async define(name, settings, handler, afterBatch) {
      await queue.defineBatch<Parameters<typeof handler>[0]>(name, settings, async (jobs) => {
        const failed: { id: string; error: unknown }[] = [];
        const succeeded: string[] = [];
        await eachAtMost(JOBS_AT_ONCE, jobs, async (job) => {
          try {
            await handler(job.data, job);
            succeeded.push(job.id);
          } catch (error) {
            failed.push({ id: job.id, error });
          }
        });
        // Never thrown: the jobs did their work (a mail left), and failing the batch would do it again.
        if (afterBatch && succeeded.length > 0) {
          await afterBatch(succeeded).catch((error: unknown) =>
            options.log('error', 'after-batch step failed', { queue: name, error: String(error) }),
          );
        }
        return { failed };
      });
    },

    async defineBatch(name, settings, handler) {
      const queueSettings = {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        ...(settings.retryDelayMaxSeconds === undefined
          ? {}
          : { retryDelayMax: settings.retryDelayMaxSeconds }),
        ...(settings.deleteAfterSeconds === undefined
          ? {}
          : { deleteAfterSeconds: settings.deleteAfterSeconds }),
      };
      // createQueue leaves a queue that exists as it was: a database made by an earlier release keeps
      // that release's retries unless they are set again here. (Jobs already queued keep the settings
      // they were enqueued with: pg-boss copies them into each job.)
      await boss.createQueue(name, queueSettings);
      await boss.updateQueue(name, {
        ...queueSettings,
        retryDelayMax: settings.retryDelayMaxSeconds ?? null,
      });
      // Jobs come in batches (a burst of reminders, an event's invitations); while batches come back full
      // the worker fetches the next at once.
      const workOptions = {
        pollingIntervalSeconds,
        includeMetadata: true,
        batchSize: BATCH_SIZE,
        burstWhenBatchFull: true,
        localConcurrency: WORKERS_PER_QUEUE,
      } as const;
      await boss.work<Parameters<typeof handler>[0][number]['data'], unknown, typeof workOptions>(
        name,
        workOptions,
        async (jobs) => {
          const attempts = jobs.map((job) => ({
            id: job.id,
            data: job.data,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
          }));
          const { failed } = await handler(attempts).catch((error: unknown) => ({
            failed: attempts.map(({ id }) => ({ id, error })),
          }));
          // Each failed job alone is retried later (or kept failed, with its error); the others of the
          // batch complete when this returns.
          for (const { id, error } of failed) {
            options.log('warn', 'job failed, to be retried', {
              queue: name,
              jobId: id,
              error: String(error),
            });
            await boss.fail(name, id, { message: String(error) });
          }
        },
      );
    },

    async schedule(name, cron) {
      await boss.schedule(name, cron, null, { tz: 'UTC', missed: 'once' });
    },

    async enqueue(db, name, data, jobOptions = {}) {
      return boss.send(name, data, {
        ...(jobOptions.id ? { id: jobOptions.id } : {}),
        ...(jobOptions.startAfter ? { startAfter: jobOptions.startAfter } : {}),
        db: executorOf(db),
      });
    },

    async enqueueMany(db, name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        name,
        jobs.map(({ data, id, startAfter }) => ({
          data,
          ...(id ? { id } : {}),
          ...(startAfter ? { startAfter } : {}),
        })),
        { db: executorOf(db) },
      );
    },

    async cancel(name, id) {
      await boss.cancel(name, id);
    },

    async remove(db, name, ids) {
      if (ids.length > 0) await boss.deleteJob(name, [...ids], { db: executorOf(db) });
    },
  };
  return queue;
}
