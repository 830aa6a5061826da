// What sealing personal fields costs the log (migration 20261129T010000, docs/adr/0008): PostgreSQL
// seals the name and the text of every ChatMessageSent on insert (the BEFORE INSERT trigger
// session_events_seal, AES-256-CBC under a key per participant made on first use), and every reader but
// the ledger opens them again (open_session_event_data).
//
// Appends: the ledger benchmark's closed-loop workload (16 writers, 200 room streams, chat events of
// their real shape), in rounds with the trigger enabled and rounds with it disabled on this benchmark's
// own fresh database, alternated ABBA so both meet the same machine. Each round speaks as participants
// new to it (PARTICIPANTS of them, in turn), so a sealing round makes their keys and then reuses them.
// Reads: the same pages of chat events read through readAll opened (the normal read path: projections,
// replay, exports of the content) and as stored (`{ sealed: true }`, what the ledger reads), alternated.
// No target: the figures are what sealing costs, stated as measured.
import os from 'node:os';
import { type Db, type LogPosition, readAll } from '@lablive/server/tooling';
import { sql } from 'kysely';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { appendChatRound, type ChatAppendLoop, median } from '../lib/chatAppendLoop.ts';
import { cpuSecondsOf, startCpuWatch } from '../lib/cpuTime.ts';

/** One measured round or pass: its rate, and the CPU it took per event (µs) where it was spent. */
export type SealingRound = {
  events: number;
  eventsPerSecond: number;
  /** CPU of the PostgreSQL backends serving the benchmark's database, per event, in µs. */
  databaseMicrosPerEvent: number;
  /** CPU of this (Node) process per event, in µs. */
  nodeMicrosPerEvent: number;
  /** Cores used by other processes meanwhile. */
  others: number;
};

export type SealingBenchResult = {
  command: string;
  date: string;
  quick: boolean;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  roundSeconds: number;
  rounds: number;
  writers: number;
  streams: number;
  participants: number;
  /** Appends with the trigger enabled, then with it disabled, round by round. */
  sealing: SealingRound[];
  plain: SealingRound[];
  /** Median events/s sealing ÷ median events/s plain. */
  ratio: number;
  /** 1/median rate sealing − 1/median rate plain, in µs: what each event costs the loop's throughput. */
  costMicrosPerEvent: number;
  /** Keys made in all (each participant's identity and content key), and the events stored sealed. */
  keysMade: number;
  check: { sealingAppended: number; sealedStored: number; plainAppended: number; plainStored: number };
  read: {
    events: number;
    pageSize: number;
    passes: number;
    /** Each pass over the same pages: opened (the normal path), then as stored. */
    opened: SealingRound[];
    sealed: SealingRound[];
    /** Median events/s opened ÷ median events/s sealed. */
    ratio: number;
    costMicrosPerEvent: number;
  };
};

const WRITERS = 16;
const STREAMS = 200;
const PARTICIPANTS = 400;
const PAGE = 1_000;

const PLAN = {
  full: { roundSeconds: 15, rounds: 4, readEvents: 50_000, readPasses: 4 },
  quick: { roundSeconds: 3, rounds: 2, readEvents: 10_000, readPasses: 2 },
};

/** CPU seconds of each PostgreSQL backend connected to the benchmark's database, by pid. */
async function backendCpu(db: Db): Promise<Map<number, number>> {
  // The asking backend included: the next question may come through another, and a backend missing from
  // the first sample would count whole.
  const { rows } = await sql<{
    pid: number;
  }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    const used = cpuSecondsOf(pid);
    if (!Number.isNaN(used)) seconds.set(pid, used);
  }
  return seconds;
}

/**
 * Runs `work` (which answers how many events it handled) under a CPU watch: this process's, and that of
 * the PostgreSQL backends serving this database (not the rest of the shared server's: other work's).
 */
async function measured(db: Db, work: () => Promise<number>): Promise<SealingRound> {
  const backendsBefore = await backendCpu(db);
  const watch = startCpuWatch(null);
  const startedAt = performance.now();
  const events = await work();
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = watch();
  const backendsAfter = await backendCpu(db);
  let database = 0;
  // A backend opened meanwhile counts whole; one closed meanwhile is lost (the pool keeps them open).
  for (const [pid, used] of backendsAfter) database += Math.max(0, used - (backendsBefore.get(pid) ?? 0));
  const perEvent = (cpuSeconds: number) => (events > 0 ? (cpuSeconds * 1e6) / events : Number.NaN);
  return {
    events,
    eventsPerSecond: events / seconds,
    databaseMicrosPerEvent: perEvent(database),
    nodeMicrosPerEvent: perEvent(cpu.generator * seconds),
    others: cpu.others,
  };
}

export async function runSealingBench(options: {
  quick: boolean;
  command: string;
  log: (line: string) => void;
}): Promise<SealingBenchResult> {
  const date = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const loadAverageAtStart = os.loadavg();
  const plan = options.quick ? PLAN.quick : PLAN.full;
  const database = await createBenchDatabase('sealing');
  const { db } = database;
  const setSealing = async (enabled: boolean) => {
    await sql
      .raw(`ALTER TABLE session_events ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER session_events_seal`)
      .execute(db);
  };
  try {
    const lab = await sql<{
      id: number;
    }>`INSERT INTO labs (name, slug) VALUES ('Bench lab', 'bench-sealing') RETURNING id`.execute(db);
    const labId = lab.rows[0]?.id ?? 1;
    // Participants of block b: b × PARTICIPANTS + 1 … (b + 1) × PARTICIPANTS, in turn. Block 0 is the
    // warm-up's and the read pages', each measured round has a block of its own.
    let block = 0;
    const loop: ChatAppendLoop = {
      db,
      labId,
      writers: WRITERS,
      streams: STREAMS,
      versions: [],
      sender: (_writer, sent) => {
        const participantId = block * PARTICIPANTS + 1 + (sent % PARTICIPANTS);
        return { participantId, name: `Dr Participant ${participantId}` };
      },
    };

    // Warm-up, sealed: connections open, plans cached; then the pages the reads measure, all sealed.
    await appendChatRound(loop, 1);
    let seeded = 0;
    while (seeded < plan.readEvents) seeded += (await appendChatRound(loop, 2)).appended;
    const before = await sql<{ events: string; sealed: string }>`
      SELECT count(*) AS events,
        count(*) FILTER (WHERE data ->> 'text' LIKE 'pd1:%' AND data #>> '{from,name}' LIKE 'pd1:%') AS sealed
      FROM session_events`.execute(db);
    const seededEvents = Number(before.rows[0]?.events ?? 0);
    if (Number(before.rows[0]?.sealed ?? 0) !== seededEvents)
      throw new Error('the events appended with the trigger enabled are not all sealed');
    options.log(`sealing bench: ${seededEvents} sealed events appended for the reads`);

    // Reads: the first readEvents of the log, a page of PAGE at a time, opened or as stored.
    const readPages = (sealed: boolean) => async () => {
      let after: LogPosition | null = null;
      let read = 0;
      while (read < plan.readEvents) {
        const page = await readAll(db, after, Math.min(PAGE, plan.readEvents - read), { sealed });
        if (page.events.length === 0) break;
        read += page.events.length;
        after = page.position;
      }
      return read;
    };
    await readPages(false)();
    await readPages(true)();
    const opened: SealingRound[] = [];
    const sealedReads: SealingRound[] = [];
    const readOpened = async (pass: number) => {
      opened.push(await measured(db, readPages(false)));
      options.log(
        `sealing bench: read pass ${pass + 1} opened: ${Math.round(opened.at(-1)?.eventsPerSecond ?? 0)} events/s`,
      );
    };
    const readSealed = async (pass: number) => {
      sealedReads.push(await measured(db, readPages(true)));
      options.log(
        `sealing bench: read pass ${pass + 1} as stored: ${Math.round(sealedReads.at(-1)?.eventsPerSecond ?? 0)} events/s`,
      );
    };
    for (let pass = 0; pass < plan.readPasses; pass++) {
      if (pass % 2 === 0) {
        await readOpened(pass);
        await readSealed(pass);
      } else {
        await readSealed(pass);
        await readOpened(pass);
      }
    }

    // Appends: ABBA, the trigger disabled for the plain rounds and enabled again after each.
    const sealing: SealingRound[] = [];
    const plain: SealingRound[] = [];
    const appendRound = async (round: number, enabled: boolean) => {
      block += 1;
      if (!enabled) await setSealing(false);
      try {
        const figures = await measured(
          db,
          async () => (await appendChatRound(loop, plan.roundSeconds)).appended,
        );
        (enabled ? sealing : plain).push(figures);
        options.log(
          `sealing bench: round ${round + 1} ${enabled ? 'sealing' : 'without sealing'}: ` +
            `${Math.round(figures.eventsPerSecond)} events/s, PostgreSQL ${figures.databaseMicrosPerEvent.toFixed(0)} µs ` +
            `and Node ${figures.nodeMicrosPerEvent.toFixed(0)} µs CPU per event, others ${figures.others.toFixed(2)} cores`,
        );
      } finally {
        if (!enabled) await setSealing(true);
      }
    };
    for (let round = 0; round < plan.rounds; round++) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const enabled of order) await appendRound(round, enabled);
    }

    const counted = await sql<{ events: string; sealed: string; keys: string }>`
      SELECT count(*) AS events,
        count(*) FILTER (WHERE data ->> 'text' LIKE 'pd1:%' AND data #>> '{from,name}' LIKE 'pd1:%') AS sealed,
        (SELECT count(*) FROM personal_keys) AS keys
      FROM session_events`.execute(db);
    const events = Number(counted.rows[0]?.events ?? 0);
    const sealedStored = Number(counted.rows[0]?.sealed ?? 0) - seededEvents;
    const sealingAppended = sealing.reduce((sum, round) => sum + round.events, 0);
    const plainAppended = plain.reduce((sum, round) => sum + round.events, 0);
    const rate = (rounds: readonly SealingRound[]) => median(rounds.map((round) => round.eventsPerSecond));
    const costOf = (slow: readonly SealingRound[], fast: readonly SealingRound[]) =>
      1e6 / rate(slow) - 1e6 / rate(fast);
    return {
      command: options.command,
      date,
      quick: options.quick,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg(),
      roundSeconds: plan.roundSeconds,
      rounds: plan.rounds,
      writers: WRITERS,
      streams: STREAMS,
      participants: PARTICIPANTS,
      sealing,
      plain,
      ratio: rate(sealing) / rate(plain),
      costMicrosPerEvent: costOf(sealing, plain),
      keysMade: Number(counted.rows[0]?.keys ?? 0),
      check: {
        sealingAppended,
        sealedStored,
        plainAppended,
        plainStored: events - seededEvents - sealedStored,
      },
      read: {
        events: plan.readEvents,
        pageSize: PAGE,
        passes: plan.readPasses,
        opened,
        sealed: sealedReads,
        ratio: rate(opened) / rate(sealedReads),
        costMicrosPerEvent: costOf(opened, sealedReads),
      },
    } satisfies SealingBenchResult;
  } finally {
    await setSealing(true).catch(() => {});
    await database.drop();
  }
}
