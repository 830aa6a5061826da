import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppendResult, append, appendMany } from './append.ts';
import { WrongExpectedVersionError } from './errors.ts';
import { compareLogPositions, positionOf, readAll } from './readAll.ts';
import { readStream } from './readStream.ts';
import { subscribe } from './subscribe.ts';
import { newEvents } from './testing/fixtures.ts';
import type { LogPosition, StoredSessionEvent } from './types.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

/**
 * Reads the log from `after` until `enough` holds. Transactions of other test files on the same server
 * can hold the snapshot's xmin back for a while: waiting is expected, a wrong answer is not.
 */
async function readUntil(
  after: LogPosition | null,
  enough: (events: StoredSessionEvent[]) => boolean,
  pageSize = 100,
): Promise<{ events: StoredSessionEvent[]; position: LogPosition | null }> {
  const events: StoredSessionEvent[] = [];
  let position = after;
  const deadline = Date.now() + 20_000;
  while (!enough(events) && Date.now() < deadline) {
    const page = await readAll(test.db, position, pageSize);
    events.push(...page.events);
    position = page.position;
    if (page.events.length === 0) await sleep(5);
  }
  return { events, position };
}

const ids = (events: readonly { eventId: string }[]) => events.map((event) => event.eventId);

describe('readAll', () => {
  it('holds back an event committed before an older, still open transaction, then returns both in order', async () => {
    const early = await append(test.db, 'late-a', 0, newEvents(1));
    const start = await readUntil(null, (events) => ids(events).includes(early.events[0]?.eventId ?? ''));
    expect(ids(start.events)).toEqual(ids(early.events));

    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let opened: (result: AppendResult) => void = () => {};
    const slowAppended = new Promise<AppendResult>((resolve) => {
      opened = resolve;
    });
    const slow = test.db.transaction().execute(async (trx) => {
      const result = await append(trx, 'late-b', 0, newEvents(2));
      opened(result);
      await gate;
      return result;
    });
    const slowResult = await slowAppended;
    const fast = await append(test.db, 'late-c', 0, newEvents(1));

    // The trap: the fast event took a higher position and is committed, while a lower one is not yet.
    const [fastEvent] = fast.events;
    const slowLast = slowResult.events.at(-1);
    expect(fastEvent && slowLast && fastEvent.globalPosition > slowLast.globalPosition).toBe(true);
    expect(ids(await readStream(test.db, 'late-c'))).toEqual(ids(fast.events));
    // A reader by global_position would deliver the fast event now and skip the slow ones for ever.
    expect((await readAll(test.db, start.position, 100)).events).toEqual([]);

    release();
    await slow;
    const after = await readUntil(start.position, (events) => events.length >= 3);
    expect(ids(after.events)).toEqual([...ids(slowResult.events), ...ids(fast.events)]);
    expect((await readAll(test.db, after.position, 100)).events).toEqual([]);
  });
});

describe('readAll and subscribe under 16 concurrent writers', () => {
  const WRITERS = 16;
  const ROUNDS = 20;
  const SHARED = ['shared-0', 'shared-1', 'shared-2'];
  class Abandoned extends Error {}
  // A database of its own: the counts below are of this test's events only.
  let crowd: TestDatabase;
  beforeAll(async () => {
    crowd = await createTestDatabase();
  });
  afterAll(() => crowd.drop());

  it('deliver every committed event exactly once, in (transaction_id, global_position) order', async () => {
    const committed = new Set<string>();
    const rolledBack = new Set<string>();
    let conflicts = 0;
    let writersDone = false;

    // Each round appends to its own stream, a shared one, or both in one transaction, then keeps the
    // transaction open 0-30 ms so that commits land out of position order; 1 in 10 rolls back.
    async function writer(index: number): Promise<void> {
      const own = `writer-${index}`;
      const known = new Map<string, number>();
      for (let round = 0; round < ROUNDS; round++) {
        const shared = SHARED[Math.floor(Math.random() * SHARED.length)] ?? 'shared-0';
        const pick = Math.floor(Math.random() * 3);
        const streams = pick === 0 ? [own] : pick === 1 ? [shared] : [shared, own];
        const hold = Math.random() * 0.03;
        const abandon = Math.random() < 0.1;
        for (;;) {
          const requests = streams.map((streamId) => ({
            streamId,
            expectedVersion: known.get(streamId) ?? 0,
            events: newEvents(1 + Math.floor(Math.random() * 4)),
          }));
          try {
            const results = await crowd.db.transaction().execute(async (trx) => {
              const appended = await appendMany(trx, requests);
              await sql`SELECT pg_sleep(${hold})`.execute(trx);
              if (abandon) throw new Abandoned();
              return appended;
            });
            for (const result of results) {
              known.set(result.streamId, result.nextExpectedVersion);
              for (const id of ids(result.events)) committed.add(id);
            }
            break;
          } catch (error) {
            if (error instanceof WrongExpectedVersionError) {
              conflicts++;
              known.set(error.streamId, error.actualVersion);
              continue;
            }
            if (!(error instanceof Abandoned)) throw error;
            for (const id of requests.flatMap((request) => ids(request.events))) rolledBack.add(id);
            break;
          }
        }
      }
    }

    // The naive reader this design exists to avoid: it follows global_position only.
    const naiveSeen = new Set<string>();
    async function naiveReader(): Promise<void> {
      let last = 0;
      // One last read once every writer is done: what it still lacks then was skipped, not just late.
      for (let done = false; !done; ) {
        done = writersDone;
        const rows = await crowd.db
          .selectFrom('session_events')
          .select(['event_id', 'global_position'])
          .where('global_position', '>', last)
          .orderBy('global_position')
          .execute();
        for (const row of rows) naiveSeen.add(row.event_id);
        last = rows.at(-1)?.global_position ?? last;
      }
    }

    const seen: StoredSessionEvent[] = [];
    async function reader(): Promise<void> {
      let position: LogPosition | null = null;
      const deadline = Date.now() + 20_000;
      // An odd page size, so pages end in the middle of transactions.
      while (Date.now() < deadline && !(writersDone && seen.length >= committed.size)) {
        const page = await readAll(crowd.db, position, 7);
        seen.push(...page.events);
        position = page.position;
        if (page.events.length === 0) await sleep(1);
      }
    }

    const delivered: StoredSessionEvent[] = [];
    const positions: LogPosition[] = [];
    const subscription = subscribe(crowd.db, {
      from: null,
      pollIntervalMs: 5,
      batchSize: 11,
      async onEvents(events, position) {
        delivered.push(...events);
        positions.push(position);
        if (Math.random() < 0.2) await sleep(2);
      },
    });

    const reading = reader();
    const naive = naiveReader();
    await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
    writersDone = true;
    await Promise.all([reading, naive]);
    const deadline = Date.now() + 10_000;
    while (delivered.length < committed.size && Date.now() < deadline) await sleep(10);
    await subscription.close();

    const stored = await crowd.db
      .selectFrom('session_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(committed.size);
    expect(committed.size).toBeGreaterThan(WRITERS * ROUNDS);
    expect(rolledBack.size).toBeGreaterThan(0);
    expect(conflicts).toBeGreaterThan(0);

    for (const [name, events] of [
      ['readAll', seen],
      ['subscribe', delivered],
    ] as const) {
      // Exactly once: as many as committed, no repeat, none of a rolled back transaction.
      expect(events.length, name).toBe(committed.size);
      expect(new Set(ids(events)).size, name).toBe(committed.size);
      expect(
        ids(events).filter((id) => !committed.has(id)),
        name,
      ).toEqual([]);
      // In order, and each stream in its own version order within it.
      const outOfOrder = events.filter(
        (event, index) =>
          index > 0 && compareLogPositions(positionOf(events[index - 1] ?? event), positionOf(event)) >= 0,
      );
      expect(outOfOrder, name).toEqual([]);
      const versions = new Map<string, number[]>();
      for (const event of events)
        versions.set(event.streamId, [...(versions.get(event.streamId) ?? []), event.streamVersion]);
      for (const [stream, list] of versions) {
        expect(list, `${name} ${stream}`).toEqual(list.map((_, index) => index + 1));
      }
    }
    expect(ids(delivered)).toEqual(ids(seen));
    const lastSeen = seen.at(-1);
    if (lastSeen === undefined) throw new Error('readAll read nothing');
    expect(positions.at(-1)).toEqual(positionOf(lastSeen));
    // The scenario is a real trap: the naive reader skipped events that readAll delivered.
    expect([...committed].filter((id) => !naiveSeen.has(id)).length).toBeGreaterThan(0);
  });
});
