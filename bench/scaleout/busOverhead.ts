// The latency the bus adds: the same chat load in a room whose subscribers are all on the room's host
// against a room whose subscribers are spread evenly over three instances, measured by the probe
// (busLatencyProbe.ts) in alternating rounds, summed up here: the pooled percentiles of each layout,
// their difference, and how much that difference moves from round to round.
import { fanoutPlan } from '../fanout/fanoutPlan.ts';
import { runResultChild } from '../lib/resultChild.ts';
import type { ProbeConfig, ProbeResult } from './busLatencyProbe.ts';
import { type ClusterBench, signedInRooms } from './clusterRooms.ts';
import { wsUrl } from './failoverRounds.ts';
import type { BusOverheadFigures, LatencyPlan, Spread } from './scaleoutPlan.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

export function spreadOf(values: readonly number[]): Spread {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return { min: Number.NaN, median: Number.NaN, max: Number.NaN };
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 1
      ? (sorted[Math.floor(middle)] ?? Number.NaN)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return {
    min: round2(sorted[0] ?? Number.NaN),
    median: round2(median),
    max: round2(sorted.at(-1) ?? Number.NaN),
  };
}

export async function measureBusOverhead(
  options: ClusterBench & { plan: LatencyPlan; quick: boolean },
): Promise<BusOverheadFigures> {
  const { cluster, plan } = options;
  const [one, spread] = await signedInRooms(options.db, cluster.instanceUrl(0), 'bus', [
    plan.subscribers,
    plan.subscribers,
  ]);
  if (!one || !spread) throw new Error('two rooms expected');
  const instances = [0, 1, 2].map((index) => wsUrl(cluster.instanceUrl(index)));
  const config: ProbeConfig = {
    latency: plan,
    stepPlan: { ...fanoutPlan(options.quick), subscribers: plan.subscribers },
    rooms: {
      one: { ...one, urls: instances.slice(0, 1) },
      spread: { ...spread, urls: instances },
    },
    serverPids: options.serverPids,
  };
  const roundMs = (plan.roundSeconds + config.stepPlan.drainSeconds + 6 + plan.quietWaitSeconds) * 1000;
  const result = (await runResultChild({
    name: 'bus-latency-probe',
    script: 'bench/scaleout/busLatencyProbe.ts',
    core: options.generatorCore,
    config,
    timeoutMs: 120_000 + (plan.rounds * 2 + 2) * roundMs,
  })) as ProbeResult;
  return {
    plan,
    one: result.one,
    spread: result.spread,
    spreadBySender: result.spreadBySender,
    overheadP50Ms: round2(result.spread.p50 - result.one.p50),
    overheadP99Ms: round2(result.spread.p99 - result.one.p99),
    roundOverheadP50Ms: spreadOf(result.rounds.map((round) => round.spread.p50 - round.one.p50)),
    roundOverheadP99Ms: spreadOf(result.rounds.map((round) => round.spread.p99 - round.one.p99)),
    rounds: result.rounds,
    disturbedRounds: result.disturbedRounds,
    probeLoopDelayP99Ms: result.probeLoopDelayP99Ms,
  };
}
