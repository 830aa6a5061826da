// Live lag: the append benchmark's hot room (its plan: 1,000 senders with a chat command each in flight)
// runs in a pinned child with the projection runner following live in the same process (lagRunner.ts),
// on the database the rebuild left (its projections live and caught up). Meanwhile this process reads
// every projection's checkpoint every few milliseconds; each event the checkpoint moved past since the
// last read gets a lag: the read's instant (clock_timestamp) minus the event's occurred_at, which is its
// writing transaction's start (at or before its commit), both on the database's clock. So each lag is an
// upper bound of commit-to-applied, by the commit's own time and up to one sampling interval. The runner's
// own view (projectionStatus' lagSeconds: how long the oldest unapplied event has waited) is sampled too.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkpointName,
  type Db,
  findGenerations,
  type LogPosition,
  PROJECTIONS,
  projectionStatus,
} from '@lablive/server/tooling';
import { sql } from 'kysely';
import { type RunnerConfig, runnerParticipants } from '../append/appendPlan.ts';
import { onCleanup } from '../lib/cleanup.ts';
import { createLatencyHistogram, type LatencyHistogram } from '../lib/latencyHistogram.ts';
import { SERVER_NODE_FLAGS, startPinned } from '../lib/pinnedProcess.ts';
import { addParticipants, createBenchEvent } from '../lib/roomFixtures.ts';
import type { LagRunnerResult } from './lagRunner.ts';
import type { LagFigure, Latency, ProjectionsBenchResult, ProjectionsPlan } from './projectionsPlan.ts';

type LagOutcome = Exclude<ProjectionsBenchResult['lag'], { error: string }>;

export function latencyOf(histogram: LatencyHistogram): Latency {
  return {
    count: histogram.count(),
    p50Ms: histogram.percentile(50),
    p95Ms: histogram.percentile(95),
    p99Ms: histogram.percentile(99),
    maxMs: histogram.max(),
  };
}

type Followed = { projection: string; checkpoint: string; at: LogPosition; lag: LatencyHistogram };

async function readCheckpointAt(db: Db, name: string): Promise<{ at: LogPosition; seen: Date } | null> {
  const { rows } = await sql<{ transaction_id: string; global_position: string; seen: Date }>`
    SELECT transaction_id::text AS transaction_id, global_position, clock_timestamp() AS seen
    FROM projection_checkpoints WHERE projection = ${name}`.execute(db);
  const row = rows[0];
  return row
    ? {
        at: { transactionId: row.transaction_id, globalPosition: Number(row.global_position) },
        seen: row.seen,
      }
    : null;
}

/** The lag of every event between two checkpoints, as of `seen`. */
async function lagsBetween(db: Db, from: LogPosition, to: LogPosition, seen: Date): Promise<number[]> {
  const { rows } = await sql<{ ms: number }>`
    SELECT (extract(epoch FROM (${seen}::timestamptz - occurred_at)) * 1000)::float8 AS ms
    FROM session_events
    WHERE (transaction_id, global_position) > (${from.transactionId}::xid8, ${from.globalPosition}::bigint)
      AND (transaction_id, global_position) <= (${to.transactionId}::xid8, ${to.globalPosition}::bigint)`.execute(
    db,
  );
  return rows.map((row) => Number(row.ms));
}

export async function runLiveLag(
  db: Db,
  databaseUrl: string,
  plan: ProjectionsPlan,
  options: { core: number; log: (line: string) => void },
): Promise<LagOutcome> {
  const { log } = options;
  const event = await createBenchEvent(db, `lag-${Date.now()}`, 1);
  const roomId = event.roomIds[0] ?? 0;
  const people = await addParticipants(db, event, plan.lag.hotRoomSenders, () => roomId);
  const config: RunnerConfig = {
    kind: 'hotRoom',
    databaseUrl,
    labId: event.labId,
    plan: plan.lag,
    participants: runnerParticipants(people),
  };
  const configDir = await mkdtemp(path.join(tmpdir(), 'lablive-bench-lag-'));
  const removeConfig = onCleanup(`remove ${configDir}`, () =>
    rm(configDir, { recursive: true, force: true }),
  );
  try {
    const configPath = path.join(configDir, 'runner.json');
    await writeFile(configPath, JSON.stringify(config));
    const runner = startPinned({
      name: 'projections-lag',
      core: options.core,
      args: ['bench/projections/lagRunner.ts', configPath],
      env: {},
      nodeFlags: SERVER_NODE_FLAGS,
      echo: 'stderr',
    });
    try {
      await runner.line('READY', 15 * 60_000);
      const followed: Followed[] = [];
      for (const projection of PROJECTIONS) {
        const live = (await findGenerations(db, projection.name)).find((each) => each.status === 'live');
        if (!live) throw new Error(`projection ${projection.name} has no live generation`);
        const checkpoint = checkpointName(projection.name, live.generation);
        const first = await readCheckpointAt(db, checkpoint);
        if (!first) throw new Error(`no checkpoint ${checkpoint}`);
        followed.push({
          projection: projection.name,
          checkpoint,
          at: first.at,
          lag: createLatencyHistogram(),
        });
      }
      const start = followed[0]?.at;
      const statusLag = new Map(PROJECTIONS.map((projection) => [projection.name, createLatencyHistogram()]));
      let done = false;
      const sampleCheckpoints = async () => {
        while (!done) {
          const next = Date.now() + plan.sampleMs;
          for (const each of followed) {
            const now = await readCheckpointAt(db, each.checkpoint);
            if (!now || now.at.globalPosition === each.at.globalPosition) continue;
            for (const ms of await lagsBetween(db, each.at, now.at, now.seen)) each.lag.record(ms);
            each.at = now.at;
          }
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
        }
      };
      const sampleStatus = async () => {
        while (!done) {
          for (const status of await projectionStatus(db, PROJECTIONS)) {
            statusLag.get(status.name)?.record((status.live?.lagSeconds ?? 0) * 1000);
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };
      const sampling = Promise.all([sampleCheckpoints(), sampleStatus()]);
      let result: LagRunnerResult;
      try {
        result = JSON.parse(await runner.line('RESULT ', 15 * 60_000)) as LagRunnerResult;
      } finally {
        // The runner caught up before answering: one more read takes the last pages.
        await new Promise((resolve) => setTimeout(resolve, plan.sampleMs * 2));
        done = true;
        await sampling;
      }
      const counted = start
        ? await sql<{ events: string }>`
            SELECT count(*) AS events FROM session_events
            WHERE (transaction_id, global_position) > (${start.transactionId}::xid8, ${start.globalPosition}::bigint)`.execute(
            db,
          )
        : null;
      const events = Number(counted?.rows[0]?.events ?? 0);
      const projections: LagFigure[] = followed.map((each) => ({
        projection: each.projection,
        lag: latencyOf(each.lag),
        statusLag: latencyOf(statusLag.get(each.projection) ?? createLatencyHistogram()),
      }));
      for (const figure of projections) {
        log(
          `lag ${figure.projection}: p50 ${figure.lag.p50Ms.toFixed(0)} ms, p99 ${figure.lag.p99Ms.toFixed(0)} ms over ${figure.lag.count} events`,
        );
      }
      return {
        commands: result.commands,
        events,
        seconds: result.seconds,
        eventsPerSecond: events / result.seconds,
        appendP99Ms: result.appendP99Ms,
        projections,
      };
    } finally {
      await runner.stop(5000);
    }
  } finally {
    await removeConfig();
  }
}
