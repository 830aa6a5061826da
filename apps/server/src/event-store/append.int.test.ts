import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append, appendMany } from './append.ts';
import { EventIdConflictError, EventStoreError, WrongExpectedVersionError } from './errors.ts';
import { readStream } from './readStream.ts';
import { newEvent, newEvents } from './testing/fixtures.ts';
import { createUpcasterRegistry } from './upcasters.ts';
import { createWakeUp } from './wakeUp.ts';

let test: TestDatabase;
let streamCount = 0;
const nextStream = () => `room-${++streamCount}`;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

async function storedVersion(streamId: string): Promise<number | undefined> {
  const row = await test.db
    .selectFrom('session_streams')
    .select('version')
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return row?.version;
}

describe('append', () => {
  it('starts a new stream at expected version 0 and numbers its events from 1', async () => {
    const stream = nextStream();
    const events = newEvents(3);
    const result = await append(test.db, stream, 0, events);

    expect(result.nextExpectedVersion).toBe(3);
    expect(result.events.map((event) => event.streamVersion)).toEqual([1, 2, 3]);
    expect(result.events.map((event) => event.eventId)).toEqual(events.map((event) => event.eventId));
    expect(result.events[0]).toMatchObject({
      streamId: stream,
      type: 'ChatMessageSent',
      schemaVersion: 1,
      data: { index: 0 },
      metadata: events[0]?.metadata,
    });
    const positions = result.events.map((event) => event.globalPosition);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(result.events.map((event) => event.transactionId)).size).toBe(1);
    expect(await storedVersion(stream)).toBe(3);
  });

  it('continues a stream from the version it expects, and refuses any other', async () => {
    const stream = nextStream();
    await append(test.db, stream, 0, newEvents(2));
    const next = await append(test.db, stream, 2, newEvents(1));
    expect(next.events.map((event) => event.streamVersion)).toEqual([3]);

    const stale = append(test.db, stream, 2, newEvents(1));
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(stale).rejects.toMatchObject({ expectedVersion: 2, actualVersion: 3, streamId: stream });
    await expect(append(test.db, nextStream(), 1, newEvents(1))).rejects.toMatchObject({
      code: 'wrong_expected_version',
      expectedVersion: 1,
      actualVersion: 0,
    });
    expect(await readStream(test.db, stream)).toHaveLength(3);
  });

  it('lets exactly one of two concurrent appends at the same version win, storing nothing of the other', async () => {
    const stream = nextStream();
    await append(test.db, stream, 0, newEvents(1));
    const first = newEvents(2);
    const second = newEvents(3);
    const outcomes = await Promise.allSettled([
      append(test.db, stream, 1, first),
      append(test.db, stream, 1, second),
    ]);

    const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const lost = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(WrongExpectedVersionError);
    const winner = won[0]?.events.length === 2 ? first : second;
    expect(lost[0]).toMatchObject({ expectedVersion: 1, actualVersion: 1 + winner.length });

    const stored = await readStream(test.db, stream);
    expect(stored.map((event) => event.streamVersion)).toEqual(
      Array.from({ length: 1 + winner.length }, (_, index) => index + 1),
    );
    expect(stored.slice(1).map((event) => event.eventId)).toEqual(winner.map((event) => event.eventId));
    expect(await storedVersion(stream)).toBe(1 + winner.length);
  });

  it('lets exactly one of many concurrent creators of a new stream win', async () => {
    const stream = nextStream();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => append(test.db, stream, 0, newEvents(2))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await readStream(test.db, stream)).toHaveLength(2);
  });

  it('stores a retried append once and returns the first result, even at a stale expected version', async () => {
    const stream = nextStream();
    const events = newEvents(2);
    const first = await append(test.db, stream, 0, events);
    await append(test.db, stream, 2, newEvents(1));

    const retried = await append(test.db, stream, 0, events);
    expect(retried).toEqual(first);
    // Uuids are matched whatever their case.
    const shouted = events.map((event) => ({ ...event, eventId: event.eventId.toUpperCase() }));
    expect(await append(test.db, stream, 0, shouted)).toEqual(first);

    const concurrent = await Promise.all([
      append(test.db, stream, 3, events),
      append(test.db, stream, 3, events),
    ]);
    expect(concurrent).toEqual([first, first]);
    expect(await readStream(test.db, stream)).toHaveLength(3);
    expect(await storedVersion(stream)).toBe(3);
  });

  it('stores concurrent first attempts of the same append once, both getting the same result', async () => {
    const stream = nextStream();
    const events = newEvents(2);
    const [a, b] = await Promise.all([
      append(test.db, stream, 0, events),
      append(test.db, stream, 0, events),
    ]);
    expect(a).toEqual(b);
    expect(await readStream(test.db, stream)).toHaveLength(2);
  });

  it('refuses an append of which only some events are stored, appending nothing', async () => {
    const stream = nextStream();
    const [old] = (await append(test.db, stream, 0, newEvents(1))).events;
    const mixed = [newEvent(), { ...newEvent(), eventId: old?.eventId ?? '' }];
    await expect(append(test.db, stream, 1, mixed)).rejects.toBeInstanceOf(EventIdConflictError);
    await expect(append(test.db, nextStream(), 0, [mixed[1] ?? newEvent()])).rejects.toMatchObject({
      code: 'event_id_conflict',
    });
    const twice = newEvent();
    await expect(append(test.db, stream, 1, [twice, twice])).rejects.toMatchObject({
      code: 'event_id_conflict',
    });
    expect(await readStream(test.db, stream)).toHaveLength(1);
  });

  it('refuses events it could not store faithfully before touching the database', async () => {
    const stream = nextStream();
    const bad = [
      { ...newEvent(), eventId: 'not-a-uuid' },
      { ...newEvent(), data: undefined },
      { ...newEvent(), data: { big: 1n } },
      { ...newEvent(), metadata: { labId: 0 } },
      { ...newEvent(), schemaVersion: 0 },
    ];
    for (const event of bad) {
      const attempt = append(test.db, stream, 0, [event]);
      await expect(attempt).rejects.toBeInstanceOf(EventStoreError);
      await expect(attempt).rejects.toMatchObject({ code: 'invalid_event' });
    }
    expect(await storedVersion(stream)).toBeUndefined();
  });

  it('writes new events with the newest schema version of their type', async () => {
    const upcasters = createUpcasterRegistry([
      { type: 'PollStarted', fromVersion: 1, upcast: (data) => data },
    ]);
    const result = await append(test.db, nextStream(), 0, [newEvent('PollStarted'), newEvent()], {
      upcasters,
    });
    expect(result.events.map((event) => event.schemaVersion)).toEqual([2, 1]);
  });

  it('wakes subscribers after its own commit only, not for a retry or inside the caller transaction', async () => {
    const wakeUp = createWakeUp();
    let notified = 0;
    wakeUp.listen(() => {
      notified++;
    });
    const stream = nextStream();
    const events = newEvents(1);
    await append(test.db, stream, 0, events, { wakeUp });
    expect(notified).toBe(1);
    await append(test.db, stream, 0, events, { wakeUp });
    expect(notified).toBe(1);
    await test.db.transaction().execute((trx) => append(trx, stream, 1, newEvents(1), { wakeUp }));
    expect(notified).toBe(1);
  });
});

describe('appendMany', () => {
  it('group-commits several commands on one stream, each at the version the previous one leaves', async () => {
    const stream = nextStream();
    const results = await appendMany(test.db, [
      { streamId: stream, expectedVersion: 0, events: newEvents(2) },
      { streamId: stream, expectedVersion: 2, events: newEvents(1) },
      { streamId: stream, expectedVersion: 3, events: newEvents(2) },
    ]);
    expect(results.map((result) => result.nextExpectedVersion)).toEqual([2, 3, 5]);
    expect(new Set(results.flatMap((result) => result.events.map((event) => event.transactionId))).size).toBe(
      1,
    );
    expect((await readStream(test.db, stream)).map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5]);
  });

  it('appends nothing at all when one of its requests is refused', async () => {
    const a = nextStream();
    const b = nextStream();
    const refused = appendMany(test.db, [
      { streamId: a, expectedVersion: 0, events: newEvents(2) },
      { streamId: b, expectedVersion: 0, events: newEvents(1) },
      { streamId: a, expectedVersion: 1, events: newEvents(1) },
    ]);
    await expect(refused).rejects.toMatchObject({ streamId: a, expectedVersion: 1, actualVersion: 2 });
    expect(await readStream(test.db, a)).toEqual([]);
    expect(await readStream(test.db, b)).toEqual([]);
    expect(await storedVersion(a)).toBeUndefined();
  });

  it('returns the first result of a retried command and appends the new one after it', async () => {
    const stream = nextStream();
    const retried = newEvents(2);
    const [first] = await appendMany(test.db, [{ streamId: stream, expectedVersion: 0, events: retried }]);
    const results = await appendMany(test.db, [
      { streamId: stream, expectedVersion: 0, events: retried },
      { streamId: stream, expectedVersion: 2, events: newEvents(1) },
    ]);
    expect(results[0]).toEqual(first);
    expect(results[1]?.events.map((event) => event.streamVersion)).toEqual([3]);
  });

  // A deadlock would surface as PostgreSQL's error 40P01, rethrown below.
  it('appends to streams locked in any order by concurrent batches without deadlocking', async () => {
    const streams = Array.from({ length: 4 }, nextStream);
    const batches = Array.from({ length: 12 }, (_, index) => {
      const order = index % 2 === 0 ? streams : [...streams].reverse();
      return order.map((streamId) => ({ streamId, events: newEvents(1) }));
    });
    // Each batch retries at the actual versions until it wins: every batch ends up stored.
    await Promise.all(
      batches.map(async (batch) => {
        for (;;) {
          const versions = await test.db
            .selectFrom('session_streams')
            .select(['stream_id', 'version'])
            .where('stream_id', 'in', streams)
            .execute();
          const version = (id: string) => versions.find((row) => row.stream_id === id)?.version ?? 0;
          try {
            await appendMany(
              test.db,
              batch.map((request) => ({ ...request, expectedVersion: version(request.streamId) })),
            );
            return;
          } catch (error) {
            if (!(error instanceof WrongExpectedVersionError)) throw error;
          }
        }
      }),
    );
    for (const stream of streams) {
      expect((await readStream(test.db, stream)).map((event) => event.streamVersion)).toEqual(
        Array.from({ length: 12 }, (_, index) => index + 1),
      );
    }
  });
});
