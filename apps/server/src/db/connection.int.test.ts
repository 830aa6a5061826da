// The application's pool when PostgreSQL drops its connections (a restart, a failover, an
// administrator's pg_terminate_backend): the statement in flight fails, the process lives on, and the
// next statement gets a fresh connection. Found by `npm run chaos -- --only=postgres`, where both
// instances exited on the database's first restart.
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './connection.ts';

let test: TestDatabase;
let db: Db;

beforeAll(async () => {
  test = await createTestDatabase();
  db = createDb(test.url, { max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await test?.drop();
});

async function terminate(pid: number) {
  await sql`SELECT pg_terminate_backend(${pid})`.execute(test.db);
}

describe('the pool when PostgreSQL drops a connection', () => {
  it('fails a transaction whose connection was killed between statements, and serves the next one', async () => {
    const outcome = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      await terminate(rows[0]?.pid ?? 0);
      // The connection ends while the client is checked out and no statement runs: pg emits 'error'
      // on the client, which ended the process when nothing listened.
      await sleep(300);
      await sql`SELECT 1`.execute(trx);
    });

    await expect(outcome).rejects.toThrow();
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('fails a statement whose connection is killed while it runs, and serves the next one', async () => {
    const running = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      const slow = sql`SELECT pg_sleep(5)`.execute(trx);
      await sleep(100);
      await terminate(rows[0]?.pid ?? 0);
      await slow;
    });

    await expect(running).rejects.toThrow();
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
