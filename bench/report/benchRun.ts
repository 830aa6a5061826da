// Everything one `npm run bench` measured, as the console table and docs/performance.md read it, with
// the ratios and verdicts computed in one place.
import type { AppendKind, AppendPlan, AppendResult } from '../append/appendPlan.ts';
import type { FanoutPlan, FanoutResult, FanoutTarget } from '../fanout/fanoutPlan.ts';
import type { LedgerBenchResult } from '../ledger/ledgerBench.ts';
import type { MachineInfo } from '../lib/machine.ts';
import type { ProjectionsBenchResult } from '../projections/projectionsPlan.ts';
import type { RemindersBenchResult } from '../reminders/remindersBench.ts';
import type { ScaleoutBenchResult } from '../scaleout/scaleoutBench.ts';
import type { SealingBenchResult } from '../sealing/sealingBench.ts';
import type { SoakResult } from '../soak/soakPlan.ts';
import type { VerifyBenchResult } from '../verify/verifyBench.ts';
import type { VideoBenchResult } from '../video/videoPlan.ts';
import type { WebBenchResult } from '../web/webBench.ts';

export type Failed = { error: string };
export type Outcome<T> = T | Failed;

export const failed = <T extends object>(outcome: Outcome<T> | undefined): outcome is Failed =>
  outcome !== undefined && 'error' in outcome;

export type BenchRun = {
  quick: boolean;
  command: string;
  startedAt: string;
  finishedAt: string;
  machine: MachineInfo;
  loadAverageAtEnd: [number, number, number];
  pinning: { serverCore: number; generatorCore: number };
  bus: 'in-process' | 'nats';
  fanout: { plan: FanoutPlan; results: Partial<Record<FanoutTarget, Outcome<FanoutResult>>> } | null;
  append: { plan: AppendPlan; results: Partial<Record<AppendKind, Outcome<AppendResult>>> } | null;
  /** Issue 4: join to the first remote video frame in Chromium, and the room route's JavaScript. */
  web?: Outcome<WebBenchResult> | null;
  /** Issue 5: failover, the bus's latency, deliveries with 1 to 3 instances. */
  scaleout?: Outcome<ScaleoutBenchResult> | null;
  /** Issue 16: reminders due within one minute, how late they are sent. */
  reminders?: Outcome<RemindersBenchResult> | null;
  /** Issue 18: projections rebuilt, their live lag, the stats calls, the replay's seek. */
  projections?: Outcome<ProjectionsBenchResult> | null;
  /** Issue 29: one instance, 10,000 sockets in 1,000 rooms for 10 minutes. */
  soak?: Outcome<SoakResult> | null;
  /** Issue 30: one publisher to many viewers through Janus against the mesh. */
  video?: Outcome<VideoBenchResult> | null;
  /** The inspector's export verifier (lablive-verify) on a package of a million events. */
  verify?: Outcome<VerifyBenchResult> | null;
  /** Appends with the ledger's writer beside them, against without (issue 32). */
  ledger?: Outcome<LedgerBenchResult> | null;
  /** Appends and reads with the database sealing and opening personal fields, against without (ADR 0008). */
  sealing?: Outcome<SealingBenchResult> | null;
};

/** Issue 29: LabLive's fan-out at least four times Socket.IO's (it was 1.5 until then). */
export const FANOUT_TARGET_RATIO = 4;
export const APPEND_TARGET_RATIO = 10;
/**
 * Issue 29: the many-rooms workload (1,000 rooms, one command in flight each) against the raw baseline of
 * 64 concurrent INSERTs, committing at least this many events per transaction within this p99.
 */
export const MANY_ROOMS_TARGET = { ratio: 1.9, eventsPerTransaction: 10, p99Ms: 100 } as const;

export function ok<T extends object>(outcome: Outcome<T> | undefined): T | null {
  return outcome === undefined || failed(outcome) ? null : outcome;
}

export function deliveriesPerSecond(result: FanoutResult | null): number {
  return result ? result.bestRate * result.subscribers : 0;
}

export type Verdict = { ratio: number | null; target: number; met: boolean | null; text: string };

/**
 * A ramp knows a limit only between steps: at least the best passing rate, below the first failing one
 * (or unbounded when nothing failed).
 */
export function limitRange(result: FanoutResult): { low: number; high: number } {
  const last = result.steps.at(-1);
  return { low: result.bestRate, high: last && !last.passed ? last.rate : Number.POSITIVE_INFINITY };
}

/** LabLive ÷ Socket.IO as far as the ramps' steps can tell: [lowest, highest] possible ratio. */
export function fanoutRatioRange(run: BenchRun): { low: number; high: number } | null {
  const lablive = ok(run.fanout?.results.lablive);
  const socketio = ok(run.fanout?.results.socketio);
  if (!lablive || !socketio) return null;
  const l = limitRange(lablive);
  const s = limitRange(socketio);
  return {
    low: s.high === 0 ? 0 : l.low / s.high,
    high: s.low === 0 ? Number.POSITIVE_INFINITY : l.high / s.low,
  };
}

function verdict(ratio: number | null, target: number, what: string): Verdict {
  if (ratio === null || !Number.isFinite(ratio)) {
    return { ratio: null, target, met: null, text: `${what}: no ratio (a side did not produce a figure)` };
  }
  const met = ratio >= target;
  const gap = met
    ? `met (${ratio.toFixed(2)}× ≥ ${target}×)`
    : `MISSED: ${ratio.toFixed(2)}× against ${target}× (${((1 - ratio / target) * 100).toFixed(0)} % short: ` +
      `${(target / ratio).toFixed(2)}× as much would be needed)`;
  return { ratio, target, met, text: `${what}: ${gap}` };
}

export function fanoutVerdict(run: BenchRun): Verdict {
  const what = `Fan-out target (LabLive ≥ ${FANOUT_TARGET_RATIO} × Socket.IO)`;
  const lablive = ok(run.fanout?.results.lablive);
  const socketio = ok(run.fanout?.results.socketio);
  const ratio =
    lablive && socketio && socketio.bestRate > 0
      ? deliveriesPerSecond(lablive) / deliveriesPerSecond(socketio)
      : null;
  const result = verdict(ratio, FANOUT_TARGET_RATIO, what);
  const range = fanoutRatioRange(run);
  if (result.met === null || !range || ratio === null) return result;
  const target = FANOUT_TARGET_RATIO;
  if (range.low === 0 && !Number.isFinite(range.high)) {
    return {
      ...result,
      met: null,
      text: `${what}: no verdict: both passed every step, so the ramp ends below both limits`,
    };
  }
  const bounds =
    range.low > 0 && Number.isFinite(range.high)
      ? `between ${range.low.toFixed(2)}× and ${range.high.toFixed(2)}×`
      : range.low > 0
        ? `at least ${range.low.toFixed(2)}× (LabLive passed every step)`
        : `at most ${range.high.toFixed(2)}× (Socket.IO passed every step)`;
  if (range.low >= target || range.high < target) {
    return {
      ...result,
      text: `${result.text}; between the ramp's steps the ratio is ${bounds}: the same verdict`,
    };
  }
  return {
    ...result,
    text:
      `${what}: ${result.met ? 'met' : 'MISSED'} at the measured steps: ${ratio.toFixed(2)}× against ${target}×` +
      (result.met ? '' : ` (${((1 - ratio / target) * 100).toFixed(0)} % short)`) +
      `; but the limits lie between the ramp's steps, so the true ratio is ${bounds}: this run does not ` +
      'settle it either way',
  };
}

export function appendVerdict(run: BenchRun): Verdict {
  const hot = ok(run.append?.results.hotRoom);
  const raw = ok(run.append?.results.rawSql);
  const ratio = hot && raw && raw.eventsPerSecond > 0 ? hot.eventsPerSecond / raw.eventsPerSecond : null;
  return verdict(ratio, APPEND_TARGET_RATIO, 'Append target (hot room ≥ 10 × raw SQL)');
}

export function manyRoomsVerdict(run: BenchRun): Verdict {
  const { ratio: target, eventsPerTransaction, p99Ms } = MANY_ROOMS_TARGET;
  const many = ok(run.append?.results.manyRooms);
  const concurrent = ok(run.append?.results.rawSqlConcurrent);
  const rooms = many?.rooms ?? run.append?.plan.rooms ?? 0;
  const what =
    `Many-rooms target (${rooms} rooms ≥ ${target} × raw SQL 64 at once, ` +
    `≥ ${eventsPerTransaction} events/txn, p99 ≤ ${p99Ms} ms)`;
  const ratio =
    many && concurrent && concurrent.eventsPerSecond > 0
      ? many.eventsPerSecond / concurrent.eventsPerSecond
      : null;
  const throughput = verdict(ratio, target, what);
  if (!many || throughput.met === null) return throughput;
  const missed = [
    ...(throughput.met ? [] : [`${throughput.ratio?.toFixed(2)}× against ${target}×`]),
    ...(many.eventsPerTransaction >= eventsPerTransaction
      ? []
      : [`${many.eventsPerTransaction.toFixed(1)} events/txn against ${eventsPerTransaction}`]),
    ...(many.p99 <= p99Ms ? [] : [`p99 ${many.p99.toFixed(0)} ms against ${p99Ms} ms`]),
  ];
  const measured =
    `${throughput.ratio?.toFixed(2)}×, ${many.eventsPerTransaction.toFixed(1)} events/txn, ` +
    `p99 ${many.p99.toFixed(0)} ms`;
  return {
    ...throughput,
    met: missed.length === 0,
    text: missed.length === 0 ? `${what}: met (${measured})` : `${what}: MISSED: ${missed.join('; ')}`,
  };
}
