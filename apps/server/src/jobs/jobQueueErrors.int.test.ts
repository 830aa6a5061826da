// What the job queue logs when PostgreSQL drops its connections (a restart): each error with its
// message and queue, where pg-boss's workers report plain objects that were logged as "[object Object]".
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from './jobQueue.ts';

let test: TestDatabase;
let queue: JobQueue;
const logged: Array<{ message: string; details: Record<string, unknown> | undefined }> = [];

beforeAll(async () => {
  test = await createTestDatabase();
  queue = createJobQueue({
    databaseUrl: test.url,
    log: (_, message, details) => logged.push({ message, details }),
    pollingIntervalSeconds: 0.5,
  });
  await queue.start();
  await queue.define('outage-probe', { retryLimit: 0, retryDelaySeconds: 1 }, async () => {});
});
afterAll(async () => {
  await queue?.stop(1_000).catch(() => {});
  await test?.drop();
});

describe('the job queue during a database outage', () => {
  it('logs each error with its message, never "[object Object]"', async () => {
    // Every connection to the database but this one ends, as in a restart of PostgreSQL.
    const killAll = () =>
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(test.db);
    // Long enough for the queue's workers to fetch on a dead connection (they poll every 0.5 s), even on a
    // busy CI machine: 6 s of rounds missed it once there.
    const fromWorkers = () => logged.some((entry) => entry.details?.queue === 'outage-probe');
    for (let round = 0; round < 300 && !fromWorkers(); round++) {
      await killAll();
      await sleep(100);
    }

    const errors = logged.filter((entry) => entry.message === 'job queue error');
    expect(errors.length).toBeGreaterThan(0);
    // A worker's error names its queue.
    expect(fromWorkers()).toBe(true);
    for (const entry of errors) {
      expect(String(entry.details?.error)).not.toContain('[object Object]');
      expect(String(entry.details?.error)).toMatch(/terminat|connection/i);
    }
  });
});
