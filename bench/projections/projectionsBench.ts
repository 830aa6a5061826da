// The projections benchmark (issue 18, part 7), `npm run bench -- --only=projections`:
//  1. a realistic log (generateLog.ts): 1,000 closed sessions, 1,000,000 session events, in one lab;
//  2. the baseline: the log paged through with readAll and folded in memory by the domain's folds;
//  3. every projection rebuilt from it through the runner's rebuildProjection (events/s, ÷ baseline);
//  4. the live lag under the append benchmark's hot room, the runner following (liveLag.ts);
//  5. the stats calls over HTTP with 10,000 closed sessions (endpointsBench.ts);
//  6. the replay's seek in a session of 100,000 events (replaySeek.ts), once its projection exists.
// Each part reports on its own: one that fails leaves the others' figures.
import os from 'node:os';
import {
  type Db,
  DEFAULT_PAGE_SIZE,
  PROJECTIONS,
  type Projection,
  rebuildProjections,
} from '@lablive/server/tooling';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { runEndpoints } from './endpointsBench.ts';
import { baselineFolds, foldBaseline } from './foldBaseline.ts';
import { generateLog } from './generateLog.ts';
import { runLiveLag } from './liveLag.ts';
import {
  type BaselineFigure,
  isFailed,
  type Part,
  type ProjectionsBenchResult,
  projectionsPlan,
  type RebuildFigure,
  type Throughput,
} from './projectionsPlan.ts';
import { runReplaySeek } from './replaySeek.ts';

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

async function part<T extends object>(
  label: string,
  log: (line: string) => void,
  work: () => Promise<T>,
): Promise<Part<T>> {
  log(`${label}…`);
  try {
    return await work();
  } catch (error) {
    log(`${label} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return {
      error: error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error),
    };
  }
}

type RebuildOutcome = { projections: RebuildFigure[]; all: Throughput };

/** The fastest of the parts that did not fail; the first failure when all did. */
function fastest<T extends object>(parts: readonly Part<T>[], pace: (part: T) => number): Part<T> {
  let best: T | null = null;
  for (const each of parts) {
    if (isFailed(each)) continue;
    const candidate = each as T;
    if (best === null || pace(candidate) > pace(best)) best = candidate;
  }
  return best ?? parts.find((each) => isFailed(each)) ?? { error: 'not run' };
}

/**
 * `rebuild all`: every projection rebuilt in one pass over the log through the runner's
 * rebuildProjections (each page read once, applied to each projection), each projection's apply timed.
 */
async function rebuildAll(
  db: Db,
  pageSize: number,
  logEvents: number,
  log: (line: string) => void,
): Promise<RebuildOutcome> {
  const started = performance.now();
  let reported = performance.now();
  // The same projections, their apply timed (the rest of a page is the read and the checkpoint).
  const applyMs = new Map<string, number>();
  const timed: Projection[] = PROJECTIONS.map((projection) => ({
    ...projection,
    async apply(trx, events, tables, page) {
      const applying = performance.now();
      try {
        await projection.apply(trx, events, tables, page);
      } finally {
        applyMs.set(projection.name, (applyMs.get(projection.name) ?? 0) + performance.now() - applying);
      }
    },
  }));
  const results = await rebuildProjections(db, timed, {
    pageSize,
    onProgress: (applied) => {
      if (performance.now() - reported < 15_000) return;
      reported = performance.now();
      log(`rebuild all: ${applied} events`);
    },
  });
  const projections: RebuildFigure[] = results.map((result, index) => {
    const name = PROJECTIONS[index]?.name ?? '';
    const seconds = result.milliseconds / 1000;
    log(`rebuild ${name}: ${result.events} events, live after ${seconds.toFixed(1)} s`);
    return {
      projection: name,
      generation: result.generation,
      events: result.events,
      seconds,
      eventsPerSecond: result.events / seconds,
      applySeconds: (applyMs.get(name) ?? 0) / 1000,
    };
  });
  const seconds = (performance.now() - started) / 1000;
  return { projections, all: { events: logEvents, seconds, eventsPerSecond: logEvents / seconds } };
}

export async function runProjectionsBench(options: {
  quick: boolean;
  log: (line: string) => void;
  /** The core the live workload (room hosts and runner) is pinned to. */
  core: number;
  /** Parts to run (all by default): log is always made. */
  parts?: ReadonlySet<'baseline' | 'rebuild' | 'lag' | 'endpoints' | 'replay'>;
  /** Waits until the machine is quiet before a timed part. */
  quiet?: () => Promise<void>;
}): Promise<ProjectionsBenchResult> {
  const { quick, log } = options;
  const wants = (name: 'baseline' | 'rebuild' | 'lag' | 'endpoints' | 'replay') =>
    options.parts?.has(name) ?? true;
  const quiet = options.quiet ?? (async () => {});
  const plan = projectionsPlan(quick, DEFAULT_PAGE_SIZE);
  const date = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const loadAverageAtStart = loadAverage();
  const skipped = { error: 'not run (left out with --projections-parts)' };

  const database = await createBenchDatabase('projections');
  try {
    const generated = await generateLog(database.db, plan.log, { log });
    // Baseline and rebuild in turn, `plan.rounds` times each (the machine is shared): the fastest of each
    // is kept, every round's pace reported.
    const baselines: Part<BaselineFigure>[] = [];
    const rebuilds: Part<RebuildOutcome>[] = [];
    for (let round = 1; round <= plan.rounds; round++) {
      if (wants('baseline')) {
        baselines.push(
          await part(`baseline, round ${round}: readAll and the domain folds in memory`, log, async () => {
            await quiet();
            const result = await foldBaseline(database.db, plan.pageSize, baselineFolds());
            log(
              `baseline: ${result.events} events in ${result.seconds.toFixed(1)} s, ${Math.round(result.eventsPerSecond)} events/s`,
            );
            return result;
          }),
        );
      }
      if (wants('rebuild')) {
        rebuilds.push(
          await part(`rebuild all projections, round ${round}`, log, async () => {
            await quiet();
            return rebuildAll(database.db, plan.pageSize, generated.events, log);
          }),
        );
      }
    }
    const baseline = wants('baseline') ? fastest(baselines, (each) => each.eventsPerSecond) : skipped;
    const bestRebuild = wants('rebuild') ? fastest(rebuilds, (each) => each.all.eventsPerSecond) : skipped;
    const rebuild = isFailed(bestRebuild)
      ? bestRebuild
      : {
          ...bestRebuild,
          rounds: rebuilds.flatMap((each) => (isFailed(each) ? [] : [each.all.eventsPerSecond])),
        };
    const baselineFigure = isFailed(baseline)
      ? baseline
      : {
          ...baseline,
          rounds: baselines.flatMap((each) => (isFailed(each) ? [] : [each.eventsPerSecond])),
        };
    // The live runner needs live generations: the rebuild made them (or the runner makes empty ones and
    // catches up first, which READY waits for).
    const lag = wants('lag')
      ? await part('live lag under the hot room', log, async () => {
          await quiet();
          return runLiveLag(database.db, database.url, plan, { core: options.core, log });
        })
      : skipped;
    await database.drop();
    const endpoints = wants('endpoints')
      ? await part('stats calls with many closed sessions', log, async () => {
          await quiet();
          return runEndpoints(plan, log);
        })
      : skipped;
    const replay = wants('replay')
      ? await part('replay seek', log, async () => {
          await quiet();
          return runReplaySeek(plan, log);
        })
      : skipped;
    return {
      date,
      quick,
      plan,
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      log: { sessions: plan.log.sessions, events: generated.events, seconds: generated.seconds },
      baseline: baselineFigure,
      rebuild,
      lag,
      endpoints,
      replay,
    };
  } finally {
    await database.drop();
  }
}
