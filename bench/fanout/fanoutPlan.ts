// The fan-out benchmark's shapes: the ramp every target runs (same subscribers, same steps), what the
// load generator is told, and what it reports per step and per target.
import type { CpuUse } from '../lib/cpuTime.ts';

export type FanoutTarget = 'lablive' | 'socketio' | 'ws';

export const TARGET_NAMES: Record<FanoutTarget, string> = {
  lablive: 'LabLive (/ws, full stack)',
  socketio: 'Socket.IO 4 io.to(room).emit',
  ws: 'plain ws send loop',
};

export type FanoutPlan = {
  subscribers: number;
  /** Chat messages per second of each step, in increasing order. */
  rates: number[];
  stepSeconds: number;
  /** After the last send of a step, how long its deliveries may still arrive before the rest is loss. */
  drainSeconds: number;
  warmupRate: number;
  warmupSeconds: number;
  /** A failing step is run once more (the machine is shared and noisy); a second failure ends the ramp. */
  retryFailedStep: boolean;
  latencyBudgetMs: number;
  /** Messages per second per sending connection: under the gateway's 20/s (burst 40) command limit. */
  ratePerSender: number;
  /** Connections opened (hello, join) at the same time during the setup. */
  connectConcurrency: number;
  /**
   * Other tenants of the machine: before a step, wait (up to `quietWaitSeconds`) until everything else
   * uses less than `maxOthers` of a core; a step that fails while others used more is disturbed and is
   * run again (at most `disturbedReruns` times) without counting as an attempt.
   */
  maxOthers: number;
  quietWaitSeconds: number;
  disturbedReruns: number;
  /** All the waiting for a quiet machine of one target's ramp together: past it, steps start at once. */
  quietBudgetSeconds: number;
};

/** How many times one rate may run: attempts plus disturbed reruns. */
export function runsPerRate(plan: FanoutPlan): number {
  return (plan.retryFailedStep ? 2 : 1) + plan.disturbedReruns;
}

export function fanoutPlan(quick: boolean): FanoutPlan {
  return quick
    ? {
        subscribers: 200,
        rates: [10, 20, 50, 100, 200],
        stepSeconds: 2,
        drainSeconds: 2,
        warmupRate: 5,
        warmupSeconds: 1,
        retryFailedStep: false,
        latencyBudgetMs: 100,
        ratePerSender: 15,
        connectConcurrency: 25,
        maxOthers: 0.25,
        quietWaitSeconds: 20,
        disturbedReruns: 1,
        quietBudgetSeconds: 60,
      }
    : {
        subscribers: 1000,
        // About 1.2× apart: the limits of the three targets are compared at this resolution.
        rates: [
          5, 6, 8, 10, 12, 15, 18, 22, 27, 33, 40, 48, 58, 70, 85, 100, 120, 150, 180, 220, 270, 330, 400,
          500, 600, 750, 900, 1100, 1300, 1600, 2000, 2400, 3000,
        ],
        stepSeconds: 5,
        drainSeconds: 3,
        warmupRate: 5,
        warmupSeconds: 3,
        retryFailedStep: true,
        latencyBudgetMs: 100,
        ratePerSender: 15,
        connectConcurrency: 25,
        maxOthers: 0.25,
        quietWaitSeconds: 120,
        disturbedReruns: 3,
        quietBudgetSeconds: 900,
      };
}

export type GeneratorConfig = {
  target: FanoutTarget;
  /** ws:// address of the target. */
  url: string;
  /** LabLive on several instances: subscriber i connects to `urls[i % urls.length]` instead of `url`. */
  urls?: string[];
  plan: FanoutPlan;
  /** The processes under test (the server; a cluster's instances and NATS), to report their CPU use per step. */
  serverPids: number[];
  /** LabLive only: the room and one access token per subscriber. */
  roomId?: number;
  tokens?: string[];
};

export type StepResult = {
  rate: number;
  attempt: number;
  senders: number;
  sent: number;
  /** sent × subscribers. */
  expected: number;
  delivered: number;
  lost: number;
  duplicates: number;
  /** Latency from the scheduled send time to the subscriber's receipt, in ms. */
  p50: number;
  p99: number;
  max: number;
  /** Deliveries per second over the sending window (what was delivered in time or late). */
  deliveriesPerSecond: number;
  /** Rejected commands, error answers and sockets closed by the server during the step. */
  refused: number;
  closed: number;
  /** Cores used while sending: by the generator, the server, PostgreSQL, and everything else. */
  cpu: CpuUse;
  /** Failed while other processes used more than `maxOthers` of a core: run again, not counted. */
  disturbed: boolean;
  /** The generator's event-loop delay p99 (ms): a late generator sends late, which counts as latency. */
  generatorLoopDelayP99: number;
  passed: boolean;
  why: string;
};

export type FanoutResult = {
  target: FanoutTarget;
  subscribers: number;
  setupSeconds: number;
  steps: StepResult[];
  /** The highest rate whose step passed (zero loss, p99 within budget), or 0. */
  bestRate: number;
  bestStep: StepResult | null;
  notes: string[];
};
