// The closed-loop append workload the ledger and sealing benchmarks share: `writers` writers append chat
// events one at a time each (the event store's own `append`) to `streams` room streams, each writer on
// its own streams, for a number of seconds. The events have the shape the room host stores
// (ChatMessageSent with `from: { participantId, name }`), so the database seals their personal fields
// (migration 20261129T010000) as it does in production.
import { randomUUID } from 'node:crypto';
import { append, type Db } from '@lablive/server/tooling';

export type ChatAppendLoop = {
  db: Db;
  labId: number;
  writers: number;
  streams: number;
  /** Each stream's version so far, kept across rounds (index: stream number from 0). */
  versions: number[];
  /** Who sends the `sent`-th message of a round (counted over all writers), written by `writer`. */
  sender: (writer: number, sent: number) => { participantId: number; name: string };
};

export type ChatRound = { appended: number; seconds: number; eventsPerSecond: number };

/** Appends chat events for `seconds`; answers how many and at what rate. */
export async function appendChatRound(loop: ChatAppendLoop, seconds: number): Promise<ChatRound> {
  const { db, labId, writers, streams, versions } = loop;
  const until = Date.now() + seconds * 1000;
  let appended = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let round = 0; Date.now() < until; round++) {
        const stream = writer + writers * (round % Math.floor(streams / writers));
        const expected = versions[stream] ?? 0;
        const from = loop.sender(writer, appended);
        await append(db, `room-${stream + 1}`, expected, [
          {
            eventId: randomUUID(),
            type: 'ChatMessageSent',
            data: {
              messageId: randomUUID(),
              from,
              text: `Is the dose to be halved for renal impairment? (${round})`,
              at: new Date().toISOString(),
            },
            metadata: { labId, actor: { participantId: from.participantId, role: 'guest' } },
          },
        ]);
        versions[stream] = expected + 1;
        appended += 1;
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  return { appended, seconds: elapsed, eventsPerSecond: appended / elapsed };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
