// One step of the ramp, open loop: chat texts are sent on a timer at the step's rate whatever the server
// answers, spread over enough sending connections to stay under the per-connection command limit, each
// stamped with its scheduled send time (a late generator counts against the server, never for it).
// Then the deliveries may arrive for `drainSeconds`; what is still missing is lost.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startCpuWatch } from '../lib/cpuTime.ts';
import type { BenchClient } from './benchClient.ts';
import { chatText } from './chatMarker.ts';
import type { DeliveryRecorder } from './deliveryRecorder.ts';
import type { FanoutPlan, StepResult } from './fanoutPlan.ts';

export type RampContext = {
  clients: BenchClient[];
  recorder: DeliveryRecorder;
  plan: FanoutPlan;
  serverPids: number[];
  counters: { refused: number; closed: number };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many of the clients send at `rate`: the first ones, each under the per-connection command limit. */
export function senderCount(clients: number, rate: number, plan: FanoutPlan): number {
  return Math.min(clients, Math.ceil(rate / plan.ratePerSender));
}

/** Which sender sends the step's `offset`-th message (round robin): who sent a delivery, for breakdowns. */
export function senderOf(offset: number, senders: number): number {
  return offset % senders;
}

function sendAtRate(senders: BenchClient[], firstSeq: number, count: number, rate: number): Promise<number> {
  const start = performance.now() + 2;
  const interval = 1000 / rate;
  let sent = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(count, Math.floor((performance.now() - start) / interval) + 1);
      for (; sent < due; sent++) {
        const seq = firstSeq + sent;
        senders[senderOf(sent, senders.length)]?.sendChat(seq, chatText(seq, start + sent * interval));
      }
      if (sent >= count) resolve(start + (count - 1) * interval);
      else setTimeout(tick, 1);
    };
    setTimeout(tick, 2);
  });
}

export async function runStep(
  context: RampContext,
  rate: number,
  seconds: number,
  attempt: number,
): Promise<StepResult> {
  const { clients, recorder, plan, counters } = context;
  const senders = clients.slice(0, senderCount(clients.length, rate, plan));
  const count = Math.max(1, Math.round(rate * seconds));
  const expected = count * clients.length;
  const { step, firstSeq } = recorder.beginStep(count);
  const refusedBefore = counters.refused;
  const closedBefore = counters.closed;
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const cpu = startCpuWatch(context.serverPids);
  const sendStart = performance.now();

  const lastScheduled = await sendAtRate(senders, firstSeq, count, rate);
  const cpuUse = cpu();
  const sendWindowMs = performance.now() - sendStart;
  const deadline = lastScheduled + plan.drainSeconds * 1000;
  while (recorder.delivered(step) < expected && performance.now() < deadline) await sleep(10);
  loopDelay.disable();

  const delivered = recorder.delivered(step);
  const latency = recorder.latency(step);
  const lost = expected - delivered;
  const refused = counters.refused - refusedBefore;
  const closed = counters.closed - closedBefore;
  const p99 = latency.percentile(99);
  const problems = [
    lost > 0 ? `${lost} lost (${((lost / expected) * 100).toFixed(2)} %)` : '',
    !(p99 <= plan.latencyBudgetMs) ? `p99 ${p99.toFixed(1)} ms > ${plan.latencyBudgetMs} ms` : '',
    refused > 0 ? `${refused} refused` : '',
    closed > 0 ? `${closed} sockets closed` : '',
  ].filter(Boolean);
  return {
    rate,
    attempt,
    senders: senders.length,
    sent: count,
    expected,
    delivered,
    lost,
    duplicates: recorder.duplicates(step),
    p50: latency.percentile(50),
    p99,
    max: latency.max(),
    deliveriesPerSecond: delivered / (Math.max(sendWindowMs, 1) / 1000),
    refused,
    closed,
    cpu: cpuUse,
    disturbed: problems.length > 0 && cpuUse.others > plan.maxOthers,
    generatorLoopDelayP99: loopDelay.percentile(99) / 1e6,
    passed: problems.length === 0,
    why: problems.join(', '),
  };
}

/** Waits until no delivery arrived for `quietMs` (at most `maxMs`): a failed step's backlog drains. */
export async function waitForDeliveriesToStop(
  recorder: DeliveryRecorder,
  quietMs: number,
  maxMs: number,
): Promise<void> {
  const end = performance.now() + maxMs;
  let last = recorder.total();
  let quietSince = performance.now();
  while (performance.now() < end) {
    await sleep(50);
    const now = recorder.total();
    if (now !== last) {
      last = now;
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= quietMs) return;
  }
}
