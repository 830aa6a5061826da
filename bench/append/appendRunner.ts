// The durable-append workloads, in a child process pinned to one core (PostgreSQL runs where the system
// puts it): chat commands through the real room service (decide, group commit, publish), or the raw SQL
// baseline of one autocommitted INSERT per event. Prints `RESULT {json}`. Usage: appendRunner.ts <config>
import { randomUUID } from 'node:crypto';
import { roomStreamId } from '@lablive/domain';
import { createDb, createInProcessBus, createRoomService } from '@lablive/server/tooling';
import pg from 'pg';
import { type CpuUse, startCpuWatch } from '../lib/cpuTime.ts';
import { answerWith, exitWithParent, workerConfig, workerLog } from '../lib/resultWorker.ts';
import { type AppendResult, inFlight, type RunnerConfig } from './appendPlan.ts';
import { chatCommand, chatEventRow, sendAs, steadyCommand } from './benchCommands.ts';
import { closedLoop, type LoopOutcome } from './closedLoop.ts';

const config = workerConfig<RunnerConfig>();
const { plan, participants } = config;
const log = workerLog;
exitWithParent();

const concurrency = inFlight(config.kind, plan);
const isRaw = config.kind === 'rawSql' || config.kind === 'rawSqlConcurrent';

const sender = (index: number) => {
  const found = participants[index % participants.length];
  if (!found) throw new Error('no participants');
  return found;
};

type Measured = { loop: LoopOutcome; largestChat: number; cpu: CpuUse };

async function throughRoomService(from: () => Promise<number>): Promise<Measured> {
  const db = createDb(config.databaseUrl, { max: plan.poolSize });
  const bus = createInProcessBus();
  const rooms = await createRoomService({
    db,
    databaseUrl: config.databaseUrl,
    bus,
    // The store path's capacity is measured: each sender keeps a command in flight, about 20 a second
    // in the hot room, which the per-participant limit (a policy against floods) would cap.
    participantLimit: null,
    log: (level, message, details) => {
      if (level !== 'info') log(`[rooms] ${level} ${message} ${JSON.stringify(details ?? {})}`);
    },
  });
  try {
    const commandOf = config.kind === 'hotRoomSteady' ? steadyCommand : chatCommand;
    const send = (index: number, command = commandOf(index)) => sendAs(rooms, log, sender(index), command);
    // Everyone enters their room first (this also starts every room's host).
    await closedLoop(concurrency, participants.length, (index) =>
      send(index, { type: 'JoinRoom', data: { connectionId: randomUUID() } }),
    );
    await closedLoop(concurrency, plan.warmup, (index) => send(plan.commands + index));
    await from();
    const watch = startCpuWatch(null);
    const loop = await closedLoop(concurrency, plan.commands, (index) => send(index));
    const cpu = watch();
    const hot = participants[0]?.roomId ?? 0;
    const largestChat = (await rooms.snapshot(hot)).state.chat.size;
    return { loop, largestChat, cpu };
  } finally {
    await rooms.close();
    await bus.close();
    await db.destroy();
  }
}

async function throughRawSql(pool: pg.Pool, from: () => Promise<number>): Promise<Measured> {
  const streamId = roomStreamId(sender(0).roomId);
  let version = 0;
  const insert = async (index: number) => {
    const causationId = randomUUID();
    const row = chatEventRow(index, config.labId, sender(index), causationId);
    await pool.query({
      name: 'append-one',
      text: `INSERT INTO session_events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
             VALUES ($1, $2, $3, 1, $4, $5, $6)`,
      values: [streamId, ++version, row.type, row.data, row.metadata, randomUUID()],
    });
    return true;
  };
  await closedLoop(concurrency, plan.warmup, (index) => insert(plan.commands + index));
  await from();
  const watch = startCpuWatch(null);
  const loop = await closedLoop(concurrency, plan.commands, insert);
  return { loop, largestChat: 0, cpu: watch() };
}

async function main(): Promise<AppendResult> {
  // A raw baseline's inserts go through this pool; otherwise it only reads the figures.
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: isRaw ? concurrency : 2,
  });
  try {
    const sync = await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    let after = 0;
    const markStart = async () => {
      const { rows } = await pool.query<{ last: string | null }>(
        'SELECT max(global_position) AS last FROM session_events',
      );
      after = Number(rows[0]?.last ?? 0);
      return after;
    };
    const measured = isRaw ? await throughRawSql(pool, markStart) : await throughRoomService(markStart);
    const { rows } = await pool.query<{ events: string; transactions: string }>(
      `SELECT count(*) AS events, count(DISTINCT transaction_id::text) AS transactions
         FROM session_events WHERE global_position > $1 AND type <> 'ParticipantJoined'`,
      [after],
    );
    const events = Number(rows[0]?.events ?? 0);
    const transactions = Number(rows[0]?.transactions ?? 0);
    const { loop } = measured;
    return {
      kind: config.kind,
      rooms: new Set(participants.map((p) => p.roomId)).size,
      inFlight: concurrency,
      commands: plan.commands,
      events,
      seconds: loop.seconds,
      eventsPerSecond: events / loop.seconds,
      p50: loop.latency.percentile(50),
      p99: loop.latency.percentile(99),
      max: loop.latency.max(),
      firstTenthPerSecond: loop.firstTenthPerSecond,
      lastTenthPerSecond: loop.lastTenthPerSecond,
      transactions,
      eventsPerTransaction: transactions === 0 ? 0 : events / transactions,
      refused: loop.failures,
      synchronousCommit: sync.rows[0]?.synchronous_commit ?? 'unknown',
      largestChat: measured.largestChat,
      cpu: measured.cpu,
    };
  } finally {
    await pool.end();
  }
}

answerWith('append runner', main);
