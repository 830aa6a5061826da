import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append } from './append.ts';
import { readCheckpoint, resetCheckpoint, saveCheckpoint } from './checkpoints.ts';
import { positionOf, readAll } from './readAll.ts';
import { subscribe } from './subscribe.ts';
import { newEvents } from './testing/fixtures.ts';
import type { LogPosition, StoredSessionEvent } from './types.ts';
import { createWakeUp } from './wakeUp.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

const ids = (events: readonly { eventId: string }[]) => events.map((event) => event.eventId);

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the subscription');
    await sleep(5);
  }
}

/** The position of the last event of the log, once readAll can see it. */
async function endOfLog(lastEventId: string): Promise<LogPosition> {
  let position: LogPosition | null = null;
  for (;;) {
    const page = await readAll(test.db, position, 1000);
    position = page.position;
    if (page.events.some((event) => event.eventId === lastEventId) && position !== null) return position;
    if (page.events.length === 0) await sleep(5);
  }
}

describe('subscribe', () => {
  it('catches up from the middle of the log, then follows it live, each event once and in order', async () => {
    const stream = 'room-catch-up';
    const first = (await append(test.db, stream, 0, newEvents(5))).events;
    const second = (await append(test.db, stream, 5, newEvents(7))).events;
    const lastOfFirst = first.at(-1);
    if (lastOfFirst === undefined) throw new Error('nothing appended');
    const middle = positionOf(lastOfFirst);

    const delivered: StoredSessionEvent[] = [];
    const subscription = subscribe(test.db, {
      from: middle,
      pollIntervalMs: 20,
      batchSize: 3,
      onEvents: (events) => {
        delivered.push(...events);
      },
    });
    await until(() => delivered.length >= second.length);
    expect(ids(delivered)).toEqual(ids(second));

    const live: StoredSessionEvent[] = [];
    for (let round = 0; round < 5; round++) {
      live.push(...(await append(test.db, stream, 12 + round * 2, newEvents(2))).events);
    }
    await until(() => delivered.length >= second.length + live.length);
    await sleep(100);
    expect(ids(delivered)).toEqual([...ids(second), ...ids(live)]);
    const lastLive = live.at(-1);
    expect(lastLive && subscription.position()).toEqual(lastLive && positionOf(lastLive));
    await subscription.close();
    await expect(subscription.done).resolves.toBeUndefined();
  });

  it('is woken by an append of this instance instead of waiting for its next poll', async () => {
    const wakeUp = createWakeUp();
    const start = await endOfLog(
      (await append(test.db, 'room-wake', 0, newEvents(1))).events[0]?.eventId ?? '',
    );
    const delivered: StoredSessionEvent[] = [];
    const subscription = subscribe(test.db, {
      from: start,
      pollIntervalMs: 60_000,
      wakeUp,
      onEvents: (events) => {
        delivered.push(...events);
      },
    });
    await sleep(50);
    const appendedAt = Date.now();
    const appended = await append(test.db, 'room-wake', 1, newEvents(2), { wakeUp });
    await until(() => delivered.length >= 2, 5_000);
    expect(Date.now() - appendedAt).toBeLessThan(2_000);
    expect(ids(delivered)).toEqual(ids(appended.events));
    await subscription.close();
  });

  it('soon delivers events a wake-up announced but an older open transaction held back', async () => {
    const wakeUp = createWakeUp();
    const start = await endOfLog(
      (await append(test.db, 'room-held', 0, newEvents(1))).events[0]?.eventId ?? '',
    );
    const delivered: StoredSessionEvent[] = [];
    const subscription = subscribe(test.db, {
      from: start,
      pollIntervalMs: 60_000,
      wakeUp,
      onEvents: (events) => {
        delivered.push(...events);
      },
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let opened = () => {};
    const isOpen = new Promise<void>((resolve) => {
      opened = resolve;
    });
    // Another instance's append: it commits without waking this one.
    const slow = test.db.transaction().execute(async (trx) => {
      const result = await append(trx, 'room-held-elsewhere', 0, newEvents(1));
      opened();
      await gate;
      return result;
    });
    await isOpen;
    const fast = await append(test.db, 'room-held', 1, newEvents(1), { wakeUp });
    await sleep(100);
    expect(delivered).toEqual([]);
    release();
    const held = await slow;
    await until(() => delivered.length >= 2, 5_000);
    expect(ids(delivered)).toEqual([...ids(held.events), ...ids(fast.events)]);
    await subscription.close();
  });

  it('stops cleanly: nothing is delivered after close or abort', async () => {
    const controller = new AbortController();
    const byClose: StoredSessionEvent[] = [];
    const byAbort: StoredSessionEvent[] = [];
    const closed = subscribe(test.db, {
      from: null,
      pollIntervalMs: 10,
      onEvents: (events) => void byClose.push(...events),
    });
    const aborted = subscribe(test.db, {
      from: null,
      pollIntervalMs: 10,
      signal: controller.signal,
      onEvents: (events) => void byAbort.push(...events),
    });
    const before = (await append(test.db, 'room-stop', 0, newEvents(1))).events;
    await until(() => byClose.some((event) => event.eventId === before[0]?.eventId));
    await until(() => byAbort.some((event) => event.eventId === before[0]?.eventId));
    await closed.close();
    controller.abort();
    await aborted.done;
    const counts = [byClose.length, byAbort.length];

    await append(test.db, 'room-stop', 1, newEvents(3));
    await sleep(200);
    expect([byClose.length, byAbort.length]).toEqual(counts);
  });

  it('ends with the error of a failing handler, without delivering further', async () => {
    await append(test.db, 'room-fail', 0, newEvents(2));
    let calls = 0;
    const subscription = subscribe(test.db, {
      from: null,
      pollIntervalMs: 10,
      batchSize: 1,
      onEvents: () => {
        calls++;
        throw new Error('projection broke');
      },
    });
    await expect(subscription.done).rejects.toThrow('projection broke');
    expect(calls).toBe(1);
    expect(subscription.position()).toBeNull();
    await expect(subscription.close()).resolves.toBeUndefined();
  });

  it('resumes a projection from its saved checkpoint', async () => {
    const events = (await append(test.db, 'room-checkpoint', 0, newEvents(4))).events;
    const [, second] = events;
    if (second === undefined) throw new Error('no second event');
    expect(await readCheckpoint(test.db, 'replay')).toBeNull();
    await saveCheckpoint(test.db, 'replay', { transactionId: '1', globalPosition: 1 });
    await saveCheckpoint(test.db, 'replay', positionOf(second));
    expect(await readCheckpoint(test.db, 'replay')).toEqual(positionOf(second));

    const delivered: StoredSessionEvent[] = [];
    const subscription = subscribe(test.db, {
      from: await readCheckpoint(test.db, 'replay'),
      pollIntervalMs: 10,
      onEvents: (batch) => {
        delivered.push(...batch.filter((event) => event.streamId === 'room-checkpoint'));
      },
    });
    await until(() => delivered.length >= 2);
    await subscription.close();
    expect(ids(delivered)).toEqual(ids(events.slice(2)));

    await resetCheckpoint(test.db, 'replay');
    expect(await readCheckpoint(test.db, 'replay')).toBeNull();
  });
});
