// The job queue on a real PostgreSQL: a job commits with the transaction that enqueues it (and vanishes
// with one that rolls back), one id is one job, a failing job is retried until it passes (its backoff
// capped, the cap set on a queue made before), a job is run once however many instances work the
// queue, and a job not yet started can be taken back.
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from './jobQueue.ts';

let test: TestDatabase;
const queues: JobQueue[] = [];

const newQueue = async () => {
  const queue = createJobQueue({ databaseUrl: test.url, log: () => {}, pollingIntervalSeconds: 0.5 });
  await queue.start();
  queues.push(queue);
  return queue;
};

async function until(check: () => boolean, what: string, timeoutMs = 15_000) {
  for (const started = Date.now(); !check(); ) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  test = await createTestDatabase();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop(2000);
  await test.drop();
});

describe('the job queue', () => {
  it('keeps a job enqueued in a transaction only if the transaction commits, and runs it once', async () => {
    const queue = await newQueue();
    const seen: string[] = [];
    await queue.define<{ word: string }>(
      'test-commit',
      { retryLimit: 0, retryDelaySeconds: 1 },
      async (data) => {
        seen.push(data.word);
      },
    );
    await test.db
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue(trx, 'test-commit', { word: 'rolled back' });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    await test.db.transaction().execute(async (trx) => {
      await queue.enqueue(trx, 'test-commit', { word: 'committed' });
    });
    // The same id twice is one job.
    const id = randomUUID();
    await queue.enqueue(test.db, 'test-commit', { word: 'once' }, { id });
    await queue.enqueue(test.db, 'test-commit', { word: 'once' }, { id });
    await until(() => seen.length >= 2, 'the committed jobs');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen.sort()).toEqual(['committed', 'once']);
  });

  it('retries a failing job with backoff until it passes', async () => {
    const queue = await newQueue();
    let attempts = 0;
    await queue.define<object>('test-retry', { retryLimit: 5, retryDelaySeconds: 1 }, async () => {
      attempts++;
      if (attempts < 3) throw new Error('the mail server is down');
    });
    await queue.enqueue(test.db, 'test-retry', {});
    await until(() => attempts >= 3, 'the third attempt', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts).toBe(3);
  });

  it('stops the backoff growing at its cap: a job failing through a long outage is tried again soon after', async () => {
    const queue = await newQueue();
    let attempts = 0;
    // Six failures: uncapped, the waits would add up to over a minute (1 + 2 + 4 + ... + 32 s at least).
    await queue.define<object>(
      'test-capped-retry',
      { retryLimit: 20, retryDelaySeconds: 1, retryDelayMaxSeconds: 1 },
      async () => {
        attempts++;
        if (attempts <= 6) throw new Error('the mail server is down');
      },
    );
    await queue.enqueue(test.db, 'test-capped-retry', {});
    await until(() => attempts >= 7, 'the seventh attempt', 25_000);
  });

  it("sets a queue made by an earlier release to this release's retries", async () => {
    const settings = { retryLimit: 12, retryDelaySeconds: 5 };
    await (await newQueue()).define<object>('test-upgraded', settings, async () => {});
    await (await newQueue()).define<object>(
      'test-upgraded',
      { ...settings, retryLimit: 64, retryDelayMaxSeconds: 120 },
      async () => {},
    );
    const { rows } = await sql<{ retryLimit: number; retryDelayMax: number | null }>`
      select retry_limit as "retryLimit", retry_delay_max as "retryDelayMax"
      from pgboss.queue where name = 'test-upgraded'`.execute(test.db);
    const [row] = rows;
    expect(row).toEqual({ retryLimit: 64, retryDelayMax: 120 });
  });

  it('runs each job once with two instances working the queue', async () => {
    const ran: string[] = [];
    for (const instance of ['a', 'b']) {
      const queue = await newQueue();
      await queue.define<{ n: number }>(
        'test-cluster',
        { retryLimit: 0, retryDelaySeconds: 1 },
        async (data) => {
          ran.push(`${instance}:${data.n}`);
        },
      );
    }
    const [first] = queues.slice(-2);
    for (let n = 0; n < 20; n++) await first?.enqueue(test.db, 'test-cluster', { n });
    await until(() => ran.length >= 20, 'twenty jobs');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const numbers = ran.map((entry) => Number(entry.split(':')[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });

  it('takes back a job that has not started', async () => {
    const queue = await newQueue();
    const seen: string[] = [];
    await queue.define<{ word: string }>(
      'test-cancel',
      { retryLimit: 0, retryDelaySeconds: 1 },
      async (data) => {
        seen.push(data.word);
      },
    );
    const id = randomUUID();
    await queue.enqueue(
      test.db,
      'test-cancel',
      { word: 'later' },
      { id, startAfter: new Date(Date.now() + 2000) },
    );
    await queue.cancel('test-cancel', id);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(seen).toEqual([]);
  });
});
