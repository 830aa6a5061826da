// The projections benchmark's sizes and what it reports (issue 18, part 7): the log folded in memory
// (the baseline), every projection rebuilt from it, the live lag under the hot room's load, the stats
// calls over HTTP on 10,000 closed sessions, and the replay's seek in one long session.
import { type AppendPlan, appendPlan } from '../append/appendPlan.ts';
import { FULL_LOG, type LogPlan } from './generateLog.ts';

export type ProjectionsPlan = {
  log: LogPlan;
  /** Events per page of the baseline's read (the runner's own page size). */
  pageSize: number;
  /** Baseline and rebuild are run in turn this many times each; the fastest of each is kept. */
  rounds: number;
  /** The closed-sessions lab: many small sessions, one room per event. */
  closedLog: LogPlan;
  /** Timed requests per endpoint (after `warmupRequests`). */
  requests: number;
  warmupRequests: number;
  /** Events of the replay's one long session, and how many random instants are sought. */
  replayEvents: number;
  seeks: number;
  /**
   * The hot room of the append benchmark, whose load the live runner follows: its senders and pool, and
   * more commands than the append benchmark's (whose load lasts a few seconds) so the lag is sampled longer.
   */
  lag: AppendPlan;
  /** How often the lag sampler reads the checkpoints. */
  sampleMs: number;
};

const closedLog = (sessions: number): LogPlan => ({
  sessions,
  eventsPerSession: 10,
  peoplePerSession: 3,
  roomsPerEvent: 1,
  concurrentSessions: 20,
  sessionMinutes: 20,
  days: 360,
});

export function projectionsPlan(quick: boolean, pageSize: number): ProjectionsPlan {
  return quick
    ? {
        log: { ...FULL_LOG, sessions: 100 },
        pageSize,
        rounds: 2,
        closedLog: closedLog(1000),
        requests: 100,
        warmupRequests: 10,
        replayEvents: 10_000,
        seeks: 100,
        lag: { ...appendPlan(true), commands: 10_000 },
        sampleMs: 25,
      }
    : {
        log: FULL_LOG,
        pageSize,
        rounds: 2,
        closedLog: closedLog(10_000),
        requests: 400,
        warmupRequests: 30,
        replayEvents: 100_000,
        seeks: 300,
        lag: { ...appendPlan(false), commands: 100_000 },
        sampleMs: 25,
      };
}

export type Throughput = { events: number; seconds: number; eventsPerSecond: number };

/** The baseline, and how its time splits between reading the pages and folding them. */
export type BaselineFigure = Throughput & {
  folds: string[];
  readSeconds: number;
  foldSeconds: number;
  /** Every round's events/s (the figure above is the fastest round's). */
  rounds?: number[];
};

export type RebuildFigure = Throughput & {
  projection: string;
  generation: number;
  /** Seconds in the projection's apply (its rows loaded, the fold, its rows written), inside the pages' transactions. */
  applySeconds: number;
};

export type Latency = { count: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };

export type LagFigure = {
  projection: string;
  /** Per event: when the sampler saw the checkpoint past it, minus the event's occurred_at. */
  lag: Latency;
  /** The runner's own view (projectionStatus' lagSeconds), sampled: its p50, p99 and max, in ms. */
  statusLag: Latency;
};

export type Failed = { error: string };
export type Part<T> = T | Failed;

export type ProjectionsBenchResult = {
  date: string;
  quick: boolean;
  plan: ProjectionsPlan;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  /** The generated log and how fast it was written. */
  log: { sessions: number; events: number; seconds: number };
  /** Baseline: readAll pages folded in memory with the projections' domain folds, nothing written. */
  baseline: Part<BaselineFigure>;
  /** The fastest round's figures, and every round's events/s (of the whole `rebuild all`). */
  rebuild: Part<{ projections: RebuildFigure[]; all: Throughput; rounds?: number[] }>;
  lag: Part<{
    commands: number;
    events: number;
    seconds: number;
    eventsPerSecond: number;
    appendP99Ms: number;
    projections: LagFigure[];
  }>;
  endpoints: Part<{
    closedSessions: number;
    generationSeconds: number;
    rebuildSeconds: number;
    figures: Array<{ label: string; path: string; baseline: boolean; latency: Latency }>;
  }>;
  replay: Part<{
    events: number;
    rebuildSeconds: number;
    seek: Latency;
    baseline: Latency & { label: string };
  }> | null;
};

export const REBUILD_TARGET_RATIO = 0.7;
export const LAG_TARGET_P99_MS = 1000;
export const ENDPOINT_TARGET_P95_MS = 50;
export const REPLAY_TARGET_P95_MS = 200;

export const isFailed = <T extends object>(part: Part<T> | null | undefined): part is Failed =>
  part !== null && part !== undefined && 'error' in part;
