// The projection runner's guarantees on a real database, with a projection of the test's own (events
// counted per stream): one instance of two runs a projection and the other takes over when it stops,
// with every event counted once; an event the projection cannot fold stops it there, recorded with its
// position and the error, the events after it waiting; a new version is rebuilt beside the live one and
// swapped in, readers always seeing a whole model.
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append } from '../event-store/append.ts';
import { createEventStore } from '../event-store/eventStore.ts';
import { newEvent, newEvents } from '../event-store/testing/fixtures.ts';
import type { Projection } from './projection.ts';
import { createProjectionLeases, type ProjectionLeases } from './projectionLeases.ts';
import { createProjectionRunner, type ProjectionRunner } from './runner.ts';
import { projectionStatus } from './status.ts';

let test: TestDatabase;
const opened: { runner: ProjectionRunner; leases: ProjectionLeases }[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  for (const { runner, leases } of opened) {
    await runner.stop();
    await leases.close();
  }
  await test.drop();
});

/**
 * Counts the events of the stream `room-<name>` into `<name>_counts` (the tests share one log); refuses
 * events whose data says `poison`.
 */
function countingProjection(name: string, version = 1): Projection {
  return {
    name,
    version,
    readModels: [`${name}_counts`],
    async createTables(trx, tables) {
      await sql`CREATE TABLE ${sql.table(tables.tableOf(`${name}_counts`))} (stream_id text PRIMARY KEY, events integer NOT NULL, version integer NOT NULL)`.execute(
        trx,
      );
    },
    async apply(trx, events, tables) {
      const table = sql.table(tables.tableOf(`${name}_counts`));
      for (const event of events) {
        if (event.streamId !== `room-${name}`) continue;
        if ((event.data as { poison?: boolean }).poison) throw new Error('this event cannot be counted');
        await sql`
          INSERT INTO ${table} VALUES (${event.streamId}, 1, ${version})
          ON CONFLICT (stream_id) DO UPDATE SET events = ${table}.events + 1`.execute(trx);
      }
    },
  };
}

function startRunner(projection: Projection): ProjectionRunner {
  const leases = createProjectionLeases(test.url, () => {});
  const runner = createProjectionRunner({
    db: test.db,
    eventStore: createEventStore(test.db),
    projections: [projection],
    leases,
    log: () => {},
    pollIntervalMs: 20,
    leaseRetryMs: 50,
    pageSize: 10,
  });
  runner.start();
  opened.push({ runner, leases });
  return runner;
}

async function counts(name: string): Promise<Record<string, number>> {
  const { rows } = await sql<{
    stream_id: string;
    events: number;
  }>`SELECT stream_id, events FROM ${sql.table(`${name}_counts`)}`.execute(test.db);
  return Object.fromEntries(rows.map((row) => [row.stream_id, row.events]));
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

describe('the projection runner', () => {
  it('runs a projection on one instance of two, the other taking over, counting every event once', async () => {
    const projection = countingProjection('leased');
    const first = startRunner(projection);
    const second = startRunner(projection);
    await until(() => [first, second].some((runner) => runner.states()[0]?.running));
    let version = 0;
    for (let batch = 0; batch < 5; batch++) {
      await append(test.db, 'room-leased', version, newEvents(7));
      version += 7;
    }
    await first.caughtUp();
    expect(await counts('leased')).toEqual({ 'room-leased': 35 });
    const running = [first, second].filter((runner) => runner.states()[0]?.running);
    expect(running).toHaveLength(1);
    // The instance running it stops: the other one takes the projection over and goes on from there.
    const [holder] = running;
    const other = holder === first ? second : first;
    await holder?.stop();
    await opened.find((each) => each.runner === holder)?.leases.close();
    await append(test.db, 'room-leased', version, newEvents(15));
    await until(() => other.states()[0]?.running === true);
    await other.caughtUp();
    expect(await counts('leased')).toEqual({ 'room-leased': 50 });
  });

  it('stops on an event it cannot fold, with its position and the error, and never skips it', async () => {
    const projection = countingProjection('fragile');
    const runner = startRunner(projection);
    await append(test.db, 'room-fragile', 0, newEvents(3));
    const poison = newEvent('ChatMessageSent', { poison: true });
    await append(test.db, 'room-fragile', 3, [poison, ...newEvents(4)]);
    await until(async () => (await projectionStatus(test.db, [projection]))[0]?.live?.failure != null);
    const [status] = await projectionStatus(test.db, [projection]);
    expect(status?.live?.failure).toMatchObject({ eventId: poison.eventId });
    expect(status?.live?.failure?.error).toContain('this event cannot be counted');
    expect(status?.live?.failure?.error).toContain(poison.eventId);
    // The three before it are counted; it and the four after it wait.
    expect(await counts('fragile')).toEqual({ 'room-fragile': 3 });
    expect(status?.live?.lagEvents).toBe(5);
    expect(runner.states()[0]).toMatchObject({ failed: true });
    await sleep(200);
    expect(await counts('fragile')).toEqual({ 'room-fragile': 3 });
  });

  it('rebuilds a new version beside the live one and swaps it in', async () => {
    const v1 = startRunner(countingProjection('versioned', 1));
    await append(test.db, 'room-versioned', 0, newEvents(23));
    await v1.caughtUp();
    await v1.stop();
    await opened.find((each) => each.runner === v1)?.leases.close();
    const before = await test.db
      .selectFrom('projection_generations')
      .selectAll()
      .where('projection', '=', 'versioned')
      .execute();
    expect(before.map((each) => [each.generation, each.status, each.version])).toEqual([[1, 'live', 1]]);

    const v2 = startRunner(countingProjection('versioned', 2));
    await until(async () => {
      const { rows } = await sql<{ version: number }>`SELECT version FROM versioned_counts`.execute(test.db);
      return rows[0]?.version === 2;
    });
    // The new generation went live whole: every event counted once, the old tables dropped.
    expect(await counts('versioned')).toEqual({ 'room-versioned': 23 });
    await until(async () => {
      const generations = await test.db
        .selectFrom('projection_generations')
        .select(['generation', 'status', 'version'])
        .where('projection', '=', 'versioned')
        .execute();
      return generations.length === 1 && generations[0]?.generation === 2 && generations[0].status === 'live';
    });
    await append(test.db, 'room-versioned', 23, newEvents(2));
    await v2.caughtUp();
    expect(await counts('versioned')).toEqual({ 'room-versioned': 25 });
  });
});
