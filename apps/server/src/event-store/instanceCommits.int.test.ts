// The appends of many streams committed together: one transaction for what arrives in one turn, and
// when one part is wrong (a stale version, data PostgreSQL refuses, a retry's ids), that part alone
// fails or answers its first result, the others are stored once.
import { createTestDatabase, type TestDatabase } from '@lablive/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppendRequest, append, prepareAppend } from './append.ts';
import { WrongExpectedVersionError } from './errors.ts';
import { createInstanceCommits, type InstanceCommits } from './instanceCommits.ts';
import { readStream } from './readStream.ts';
import { runAppendRace } from './testing/appendRace.ts';
import { newEvent, newEvents } from './testing/fixtures.ts';
import { refusePoisonedText } from './testing/poisonedText.ts';
import type { NewSessionEvent } from './types.ts';

let test: TestDatabase;
let commits: InstanceCommits;
let streamCount = 0;
const nextStream = () => `commits-${++streamCount}`;

beforeAll(async () => {
  test = await createTestDatabase();
  // Stands for any value PostgreSQL refuses (SQLSTATE class 22).
  await refusePoisonedText(test.db);
  commits = createInstanceCommits(test.db);
});
afterAll(() => test.drop());

const commit = (requests: AppendRequest[]) => commits.append(prepareAppend(requests));
const one = (streamId: string, expectedVersion: number, events: NewSessionEvent[]) =>
  commit([{ streamId, expectedVersion, events }]);

async function streamsAt(count: number, version: number): Promise<string[]> {
  const streams = Array.from({ length: count }, nextStream);
  for (const stream of streams) if (version > 0) await append(test.db, stream, 0, newEvents(version));
  return streams;
}

async function storedIds(streamId: string): Promise<string[]> {
  return (await readStream(test.db, streamId)).map((event) => event.eventId);
}

describe('instance commits', () => {
  it('commits the appends of one turn to several streams in one transaction, each at its version', async () => {
    const streams = await streamsAt(5, 2);
    const sent = streams.map((stream, index) => ({ stream, events: newEvents(index + 1) }));

    const results = await Promise.all(sent.map(({ stream, events }) => one(stream, 2, events)));

    const transactions = new Set(
      results.flat().flatMap((result) => result.events.map((e) => e.transactionId)),
    );
    expect(transactions.size).toBe(1);
    for (const [index, { stream, events }] of sent.entries()) {
      const [result] = results[index] ?? [];
      expect(result?.streamId).toBe(stream);
      expect(result?.nextExpectedVersion).toBe(2 + events.length);
      expect(result?.events.map((event) => event.streamVersion)).toEqual(events.map((_, at) => 3 + at));
      expect(result?.events.map((event) => event.eventId)).toEqual(events.map((event) => event.eventId));
      const stored = await readStream(test.db, stream);
      expect(stored.slice(2).map((event) => event.globalPosition)).toEqual(
        result?.events.map((event) => event.globalPosition),
      );
    }
  });

  it('fails only the stream at another version and the one carrying refused data; stores the others once', async () => {
    const streams = await streamsAt(5, 1);
    const [good1, stale, good2, poisoned, good3] = streams as [string, string, string, string, string];
    const goodEvents = [newEvents(2), newEvents(1), newEvents(3)];

    const outcomes = await Promise.allSettled([
      one(good1, 1, goodEvents[0] ?? []),
      one(stale, 0, newEvents(1)),
      one(good2, 1, goodEvents[1] ?? []),
      one(poisoned, 1, [
        newEvent('ChatMessageSent', { text: 'fine' }),
        newEvent('ChatMessageSent', { text: 'poison' }),
      ]),
      one(good3, 1, goodEvents[2] ?? []),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const [, staleOutcome, , poisonOutcome] = outcomes;
    expect(staleOutcome?.status === 'rejected' && staleOutcome.reason).toBeInstanceOf(
      WrongExpectedVersionError,
    );
    expect(poisonOutcome?.status === 'rejected' && poisonOutcome.reason).toMatchObject({ code: '22023' });
    for (const [index, stream] of [good1, good2, good3].entries()) {
      const ids = await storedIds(stream);
      expect(ids.slice(1)).toEqual((goodEvents[index] ?? []).map((event) => event.eventId));
    }
    expect(await storedIds(stale)).toHaveLength(1);
    expect(await storedIds(poisoned)).toHaveLength(1);
  });

  it('answers a retry among new appends with its first result and appends it once', async () => {
    const [retried, fresh1, fresh2] = (await streamsAt(3, 0)) as [string, string, string];
    const events = newEvents(2);
    const first = await one(retried, 0, events);
    const freshEvents = [newEvents(1), newEvents(1)];

    const [again, ,] = await Promise.all([
      one(retried, 0, events),
      one(fresh1, 0, freshEvents[0] ?? []),
      one(fresh2, 0, freshEvents[1] ?? []),
    ]);

    expect(again).toEqual(first);
    expect(await storedIds(retried)).toEqual(events.map((event) => event.eventId));
    expect(await storedIds(fresh1)).toEqual((freshEvents[0] ?? []).map((event) => event.eventId));
    expect(await storedIds(fresh2)).toEqual((freshEvents[1] ?? []).map((event) => event.eventId));
  });

  it('stores every acknowledged event exactly once and nothing else, with 20 appenders racing on shared streams', async () => {
    const found = await runAppendRace(test.db, commits, { appenders: 20, rounds: 1000, streams: 16 });

    // Exactly the acknowledged events, each where its acknowledgement said, every stream without a hole.
    expect(found.storedEvents).toBe(found.acknowledgedEvents);
    expect(found.missing).toEqual([]);
    expect(found.duplicated).toEqual([]);
    expect(found.misplaced).toEqual([]);
    expect(found.brokenStreams).toEqual([]);
    // A retry of an acknowledged append answers the same result, nothing appended again.
    expect(found.retriesAnsweredDifferently).toBe(0);
    // The race did race: conflicts, retries answered, and transactions holding several streams' events.
    expect(found.conflicts).toBeGreaterThan(0);
    expect(found.retriesAnswered).toBeGreaterThan(0);
    expect(found.combinedTransactions).toBeGreaterThan(0);
  }, 180_000);
});
