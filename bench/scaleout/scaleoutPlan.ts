// The scale-out benchmark's shapes (issue 5): what each part runs (failover rounds, the bus-overhead
// rounds, the deliveries/s ramp per instance count) and what it reports, as plain JSON so a run can be
// saved and its report rendered again.
import { DEFAULT_CADENCE } from '@lablive/server/tooling';
import { type FanoutPlan, type FanoutResult, fanoutPlan } from '../fanout/fanoutPlan.ts';

export type LatencyPlan = {
  /** Participants of each of the two rooms (one per layout), all of them subscribers. */
  subscribers: number;
  /** Chat messages per second in the room measured, the same in both layouts. */
  rate: number;
  roundSeconds: number;
  /** Rounds per layout; the order alternates (one, spread, spread, one, ...) so drift hits both alike. */
  rounds: number;
  warmupSeconds: number;
  /** Before each pair of rounds, wait up to this long for other processes to calm down. */
  quietWaitSeconds: number;
};

export type ScaleoutPlan = {
  failoverRounds: number;
  latency: LatencyPlan;
  /** The fan-out ramp (same subscribers and steps as the fan-out benchmark), once per instance count. */
  throughput: FanoutPlan;
  instanceCounts: number[];
  /** Ramps per instance count: the limits of one ramp move by a step or two from run to run. */
  throughputPasses: number;
  /** Every instance runs on this core (taskset), the probe and load generator on the other. */
  instancesCore: number;
  generatorCore: number;
};

/**
 * Below the fan-out cadence's room size on every instance in both layouts: a room that large gathers its
 * batches for up to one cadence (roomFanout.ts), which would time the cadence, not the bus.
 */
const LATENCY_SUBSCRIBERS = Math.min(45, DEFAULT_CADENCE.minMembers - 1);

export function scaleoutPlan(quick: boolean): ScaleoutPlan {
  return {
    failoverRounds: quick ? 2 : 5,
    latency: quick
      ? { subscribers: 30, rate: 40, roundSeconds: 2, rounds: 2, warmupSeconds: 1, quietWaitSeconds: 5 }
      : {
          subscribers: LATENCY_SUBSCRIBERS,
          rate: 40,
          roundSeconds: 4,
          rounds: 16,
          warmupSeconds: 3,
          quietWaitSeconds: 20,
        },
    throughput: fanoutPlan(quick),
    instanceCounts: [1, 2, 3],
    throughputPasses: quick ? 1 : 2,
    instancesCore: 0,
    generatorCore: 1,
  };
}

export type Failed = { error: string };

export type FailoverFigures = {
  rounds: number;
  /** From the SIGKILL of the hosting instance to the first acknowledgement of a survivor's command. */
  roomBackMs: number[];
  /** From the SIGKILL to the acknowledgement of a command of a user of the killed instance (reconnected). */
  reconnectedUserMs: number[];
};

/** Delivery latency (scheduled send → frame received by a subscriber) of one layout, in ms. */
export type LatencyFigures = {
  messages: number;
  deliveries: number;
  lost: number;
  duplicates: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
};

/** Deliveries of the spread layout by their sender's instance. */
export type SenderBreakdown = {
  /** Sent from a socket on the room's host instance: the command never crossed NATS. */
  fromHost: { deliveries: number; p50: number; p99: number };
  /** Sent from a socket on another instance: the command went to the host over NATS request/reply. */
  forwarded: { deliveries: number; p50: number; p99: number };
};

export type LatencyRound = {
  round: number;
  /** Which layout ran first in this round. */
  first: 'one' | 'spread';
  one: { p50: number; p99: number; lost: number; othersCpu: number };
  spread: { p50: number; p99: number; lost: number; othersCpu: number };
  /** Other processes were busy during it and it was kept all the same: its reruns were used up. */
  disturbed?: boolean;
};

export type Spread = { min: number; median: number; max: number };

export type BusOverheadFigures = {
  plan: LatencyPlan;
  /** Every subscriber in one instance (the room's host) against spread evenly over three. */
  one: LatencyFigures;
  spread: LatencyFigures;
  spreadBySender: SenderBreakdown;
  /** Spread minus one, over all rounds' deliveries together. */
  overheadP50Ms: number;
  overheadP99Ms: number;
  /** Spread minus one within each round: how much the figure moves from round to round. */
  roundOverheadP50Ms: Spread;
  roundOverheadP99Ms: Spread;
  rounds: LatencyRound[];
  /** Pairs during which other processes used more than the plan's share of a core: run again, not pooled. */
  disturbedRounds?: LatencyRound[];
  /** The probe's event-loop delay p99, worst round (a late probe sends late: counted as latency). */
  probeLoopDelayP99Ms: number;
};

/** Latency of plain nats.js messages, from scheduled send to receipt, in ms. */
export type HopLatency = { messages: number; p50: number; p90: number; p99: number; max: number };

/**
 * The bus alone: the two layouts played by plain nats.js processes on the instances' core, same cadence,
 * in alternating rounds (busAlone.ts): what NATS itself costs on this machine.
 */
export type BusAloneFigures = {
  rate: number;
  payloadBytes: number;
  rounds: number;
  /** One process publishes and hears every message. */
  one: HopLatency;
  /** Two thirds of the messages go from a peer to the host first; all three processes hear each. */
  spread: HopLatency;
  overheadP50Ms: number;
  overheadP99Ms: number;
  roundOverheadP50Ms: Spread;
  roundOverheadP99Ms: Spread;
};

/** One ramp: `pass` 1 runs the instance counts up, pass 2 down again, so drift hits both ends alike. */
export type ThroughputFigures = { instances: number; pass: number; result: FanoutResult };

export type ScaleoutBenchResult = {
  quick: boolean;
  startedAt: string;
  finishedAt: string;
  loadAverageAtStart: [number, number, number];
  loadAverageAtEnd: [number, number, number];
  /** Instances started (the cluster's slots); the throughput part places subscribers on the first n. */
  instances: number;
  balancer: 'haproxy' | 'none';
  pinning: { instancesCore: number; generatorCore: number };
  failover: FailoverFigures | Failed;
  busOverhead: BusOverheadFigures | Failed;
  /** Absent from runs saved before it was measured. */
  busAlone?: BusAloneFigures | Failed;
  throughput: {
    plan: FanoutPlan;
    results: Array<ThroughputFigures | (Failed & { instances: number; pass: number })>;
  };
};

export const isFailed = <T extends object>(value: T | Failed): value is Failed => 'error' in value;

/** The targets. */
export const TARGETS = { failoverMs: 3000, overheadP50Ms: 1, overheadP99Ms: 5 } as const;
