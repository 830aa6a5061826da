// The ledger's cost to appends (issue 32: "append throughput with hashing within 10 % of without"):
// the same closed-loop workload of chat events appended to 200 room streams by 16 writers, in rounds
// with and without the ledger's writer running beside them in the same process (as on an instance),
// alternated so both meet the same machine; then how long the ledger takes to catch up once the
// writers stop. Figures are ratios of the rounds of one run. The chat events have their real shape
// (`from: { participantId, name }`), so both arms pay the database's sealing of their personal fields, as
// production does, and the ratio still isolates the ledger.
import os from 'node:os';
import { runLedgerOnce, startLedger } from '@lablive/server/tooling';
import { generateNoteKeys, parseSignerKey } from '@lablive/verify';
import { sql } from 'kysely';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { appendChatRound, type ChatAppendLoop, median } from '../lib/chatAppendLoop.ts';

export type LedgerBenchResult = {
  command: string;
  date: string;
  quick: boolean;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  roundSeconds: number;
  rounds: number;
  writers: number;
  streams: number;
  /** Events per second of each round without the ledger, then with. */
  without: number[];
  with: number[];
  /** Median with / median without. */
  ratio: number;
  /** After the last round: how long the ledger took to hash what was left, and how many leaves in all. */
  catchUpMs: number;
  leaves: number;
  eventsAppended: number;
  /** Of them, how many the database stored sealed (their text under a participant's key). */
  eventsSealed?: number;
  passed: boolean;
};

const WRITERS = 16;
const STREAMS = 200;

/** Appends may lose at most this share of their throughput to the ledger (issue 32). */
export const LEDGER_TARGET_RATIO = 0.9;

export async function runLedgerBench(options: {
  quick: boolean;
  command: string;
  log: (line: string) => void;
}): Promise<LedgerBenchResult> {
  const date = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const loadAverageAtStart = os.loadavg();
  const roundSeconds = options.quick ? 3 : 15;
  const rounds = options.quick ? 2 : 4;
  const database = await createBenchDatabase('ledger');
  try {
    const { db } = database;
    const signer = parseSignerKey(generateNoteKeys('bench.lablive.test').signerKey);
    const lab = await sql<{
      id: number;
    }>`INSERT INTO labs (name, slug) VALUES ('Bench lab', 'bench-ledger') RETURNING id`.execute(db);
    const labId = lab.rows[0]?.id ?? 1;
    // Writer w speaks as participant w + 1 (its keys made in the warm-up, then reused).
    const loop: ChatAppendLoop = {
      db,
      labId,
      writers: WRITERS,
      streams: STREAMS,
      versions: [],
      sender: (writer) => ({ participantId: writer + 1, name: `Dr Writer ${writer + 1}` }),
    };
    const appendRound = async (seconds: number) => (await appendChatRound(loop, seconds)).eventsPerSecond;
    // A warm-up round: connections open, plans cached, the first leaves hashed.
    await appendRound(1);
    while ((await runLedgerOnce({ db, signer, now: () => new Date() }))?.more);
    const without: number[] = [];
    const withLedger: number[] = [];
    // Before every round the ledger has hashed everything so far: in steady running it keeps up, and a
    // round measured with it must not pay for the backlog of the round before.
    const catchUp = async () => {
      while ((await runLedgerOnce({ db, signer, now: () => new Date() }))?.more);
    };
    const measureWithout = async (round: number) => {
      await catchUp();
      without.push(await appendRound(roundSeconds));
      options.log(
        `ledger bench: round ${round + 1} without the ledger: ${Math.round(without.at(-1) ?? 0)} events/s`,
      );
    };
    const measureWith = async (round: number) => {
      await catchUp();
      const ledger = startLedger({
        db,
        signer,
        now: () => new Date(),
        log: (message) => options.log(message),
      });
      withLedger.push(await appendRound(roundSeconds));
      options.log(
        `ledger bench: round ${round + 1} with the ledger: ${Math.round(withLedger.at(-1) ?? 0)} events/s`,
      );
      await ledger.stop();
    };
    // ABBA: the order flips every round, so the slow drift of a growing database favours neither.
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        await measureWithout(round);
        await measureWith(round);
      } else {
        await measureWith(round);
        await measureWithout(round);
      }
    }
    const catchUpStarted = performance.now();
    while ((await runLedgerOnce({ db, signer, now: () => new Date() }))?.more);
    const catchUpMs = performance.now() - catchUpStarted;
    const counted = await sql<{ leaves: string; events: string; sealed: string }>`
      SELECT (SELECT count(*) FROM ledger_leaves WHERE log LIKE 'room/%') AS leaves,
        (SELECT count(*) FROM session_events) AS events,
        (SELECT count(*) FROM session_events WHERE data ->> 'text' LIKE 'pd1:%') AS sealed`.execute(db);
    const leaves = Number(counted.rows[0]?.leaves ?? 0);
    const eventsAppended = Number(counted.rows[0]?.events ?? 0);
    const eventsSealed = Number(counted.rows[0]?.sealed ?? 0);
    const ratio = median(withLedger) / median(without);
    return {
      command: options.command,
      date,
      quick: options.quick,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg(),
      roundSeconds,
      rounds,
      writers: WRITERS,
      streams: STREAMS,
      without,
      with: withLedger,
      ratio,
      catchUpMs,
      leaves,
      eventsAppended,
      eventsSealed,
      passed: ratio >= LEDGER_TARGET_RATIO && leaves === eventsAppended,
    } satisfies LedgerBenchResult;
  } finally {
    await database.drop();
  }
}
