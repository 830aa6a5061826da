// The bus-overhead probe, a child process pinned to the generator's core. Two rooms with the same number
// of subscribers, hosted by instance 1: in room "one" every subscriber is on instance 1, in room
// "spread" subscriber i is on instance i mod 3. Rounds send the same open-loop chat load to one room at
// a time, alternating which layout goes first (one, spread | spread, one | ...), so that the machine's
// slow moments and any drift hit both layouts alike. A pair during which other processes used more than
// the ramp's `maxOthers` of a core is disturbed and runs again (at most `disturbedReruns` times), as a
// disturbed ramp step does: its deliveries are kept apart and reported, not pooled. Latency is from each
// text's scheduled send time to its receipt by each subscriber (same process, same clock). Prints
// `RESULT {json}` and exits.
//   Usage: busLatencyProbe.ts <config.json>
import type { BenchClient } from '../fanout/benchClient.ts';
import { scanChatTexts } from '../fanout/chatMarker.ts';
import { createDeliveryRecorder, type DeliveryRecorder } from '../fanout/deliveryRecorder.ts';
import type { FanoutPlan, StepResult } from '../fanout/fanoutPlan.ts';
import { openLabLiveClient } from '../fanout/labliveClient.ts';
import {
  type RampContext,
  runStep,
  senderCount,
  senderOf,
  waitForDeliveriesToStop,
} from '../fanout/rampStep.ts';
import { waitForQuietMachine } from '../lib/cpuTime.ts';
import { createLatencyHistogram, type LatencyHistogram } from '../lib/latencyHistogram.ts';
import { answerWith, exitWithParent, workerConfig, workerLog } from '../lib/resultWorker.ts';
import type { LatencyFigures, LatencyPlan, LatencyRound, SenderBreakdown } from './scaleoutPlan.ts';

export type Layout = 'one' | 'spread';

export type ProbeConfig = {
  latency: LatencyPlan;
  /** What runStep needs (drain time, per-sender rate, CPU thresholds); subscribers = latency.subscribers. */
  stepPlan: FanoutPlan;
  rooms: Record<Layout, { roomId: number; tokens: string[]; urls: string[] }>;
  serverPids: number[];
};

export type ProbeResult = {
  one: LatencyFigures;
  spread: LatencyFigures;
  spreadBySender: SenderBreakdown;
  rounds: LatencyRound[];
  /** Pairs run again because other processes were busy meanwhile: not in the pooled figures. */
  disturbedRounds: LatencyRound[];
  probeLoopDelayP99Ms: number;
};

const config = workerConfig<ProbeConfig>();
const { latency: plan } = config;
const log = workerLog;
exitWithParent();

type Group = {
  layout: Layout;
  context: RampContext;
  /** Every delivery of the measured rounds, pooled: the layout's percentiles. */
  pooled: LatencyHistogram;
  /** The same deliveries by where their sender is: on the host's instance, or forwarded over NATS. */
  fromHost: LatencyHistogram;
  forwarded: LatencyHistogram;
  /** The step running now, by where the sender is; pooled once its pair of rounds is kept. */
  step: { fromHost: number[]; forwarded: number[] };
  /** The first message number of the step running now, to tell which client sent a delivery. */
  firstSeq: number;
  measuring: boolean;
  messages: number;
  lost: number;
  duplicates: number;
};

const capacity = Math.ceil(plan.rate * (plan.warmupSeconds + plan.rounds * plan.roundSeconds)) + 64;

async function openGroup(layout: Layout): Promise<Group> {
  const room = config.rooms[layout];
  const base = createDeliveryRecorder(room.tokens.length, capacity);
  const recorder: DeliveryRecorder = {
    ...base,
    beginStep(count) {
      const begun = base.beginStep(count);
      group.firstSeq = begun.firstSeq;
      return begun;
    },
  };
  const counters = { refused: 0, closed: 0 };
  const clients: BenchClient[] = [];
  const senders = senderCount(room.tokens.length, plan.rate, config.stepPlan);
  const group: Group = {
    layout,
    context: { clients, recorder, plan: config.stepPlan, serverPids: config.serverPids, counters },
    pooled: createLatencyHistogram(),
    fromHost: createLatencyHistogram(),
    forwarded: createLatencyHistogram(),
    step: { fromHost: [], forwarded: [] },
    firstSeq: 0,
    measuring: false,
    messages: 0,
    lost: 0,
    duplicates: 0,
  };
  const open = (index: number) =>
    openLabLiveClient(room.urls[index % room.urls.length] ?? '', room.tokens[index] ?? '', room.roomId, {
      frame(data) {
        const received = performance.now();
        scanChatTexts(data, (seq, scheduled) => {
          recorder.record(index, seq, scheduled, received);
          if (!group.measuring) return;
          // Client i is on the instance of urls[i mod n]; the room's host is the first.
          const sender = senderOf(seq - group.firstSeq, senders);
          const byHost = sender % room.urls.length === 0 ? group.step.fromHost : group.step.forwarded;
          byHost.push(received - scheduled);
        });
      },
      refused(detail) {
        if (counters.refused++ < 3) log(`${layout}: refused: ${detail}`);
      },
      closed(code) {
        if (counters.closed++ < 3) log(`${layout}: socket closed by the server: ${code}`);
      },
    });
  // The first joins alone, on instance 1: that instance takes the room's lease and hosts it.
  for (let index = 0; index < room.tokens.length; index++) {
    const client = open(index);
    clients.push(client);
    if (index === 0) await client.ready;
  }
  await Promise.all(clients.map((client) => client.ready));
  return group;
}

async function step(group: Group, seconds: number, measured: boolean): Promise<StepResult> {
  group.step = { fromHost: [], forwarded: [] };
  group.measuring = measured;
  const result = await runStep(group.context, plan.rate, seconds, 1);
  await waitForDeliveriesToStop(group.context.recorder, 300, 5000);
  group.measuring = false;
  return result;
}

/** Adds the step just run to the layout's figures. */
function keep(group: Group, result: StepResult) {
  group.messages += result.sent;
  group.lost += result.lost;
  group.duplicates += result.duplicates;
  for (const [latencies, bySender] of [
    [group.step.fromHost, group.fromHost],
    [group.step.forwarded, group.forwarded],
  ] as const) {
    for (const latency of latencies) {
      group.pooled.record(latency);
      bySender.record(latency);
    }
  }
}

function figures(group: Group): LatencyFigures {
  return {
    messages: group.messages,
    deliveries: group.pooled.count(),
    lost: group.lost,
    duplicates: group.duplicates,
    p50: group.pooled.percentile(50),
    p90: group.pooled.percentile(90),
    p99: group.pooled.percentile(99),
    max: group.pooled.max(),
  };
}

async function main(): Promise<ProbeResult> {
  const groups = { one: await openGroup('one'), spread: await openGroup('spread') };
  log(`${plan.subscribers} subscribers in each of the two rooms`);
  for (const group of [groups.one, groups.spread]) await step(group, plan.warmupSeconds, false);
  const rounds: LatencyRound[] = [];
  const disturbedRounds: LatencyRound[] = [];
  const { maxOthers, disturbedReruns } = config.stepPlan;
  let loopDelay = 0;
  for (let round = 0, reruns = 0; round < plan.rounds; ) {
    await waitForQuietMachine(config.serverPids, maxOthers, plan.quietWaitSeconds * 1000);
    const order: Layout[] = round % 2 === 0 ? ['one', 'spread'] : ['spread', 'one'];
    const results: Partial<Record<Layout, StepResult>> = {};
    for (const layout of order) results[layout] = await step(groups[layout], plan.roundSeconds, true);
    const summary = (result: StepResult | undefined) => ({
      p50: result?.p50 ?? Number.NaN,
      p99: result?.p99 ?? Number.NaN,
      lost: result?.lost ?? 0,
      othersCpu: result?.cpu.others ?? Number.NaN,
    });
    loopDelay = Math.max(
      loopDelay,
      results.one?.generatorLoopDelayP99 ?? 0,
      results.spread?.generatorLoopDelayP99 ?? 0,
    );
    const entry: LatencyRound = {
      round: round + 1,
      first: order[0] ?? 'one',
      one: summary(results.one),
      spread: summary(results.spread),
    };
    const disturbed = Math.max(entry.one.othersCpu, entry.spread.othersCpu) > maxOthers;
    log(
      `round ${entry.round} (${entry.first} first): one p50 ${entry.one.p50.toFixed(2)} p99 ${entry.one.p99.toFixed(2)} ms | ` +
        `spread p50 ${entry.spread.p50.toFixed(2)} p99 ${entry.spread.p99.toFixed(2)} ms | others ` +
        `${Math.round(entry.one.othersCpu * 100)}%/${Math.round(entry.spread.othersCpu * 100)}%` +
        (disturbed && reruns < disturbedReruns ? ' | disturbed: run again' : ''),
    );
    if (disturbed && reruns < disturbedReruns) {
      reruns++;
      disturbedRounds.push(entry);
      continue;
    }
    for (const layout of order) {
      const result = results[layout];
      if (result) keep(groups[layout], result);
    }
    rounds.push(disturbed ? { ...entry, disturbed } : entry);
    round++;
    reruns = 0;
  }
  for (const group of [groups.one, groups.spread]) for (const client of group.context.clients) client.close();
  const part = (histogram: LatencyHistogram) => ({
    deliveries: histogram.count(),
    p50: histogram.percentile(50),
    p99: histogram.percentile(99),
  });
  return {
    one: figures(groups.one),
    spread: figures(groups.spread),
    spreadBySender: { fromHost: part(groups.spread.fromHost), forwarded: part(groups.spread.forwarded) },
    rounds,
    disturbedRounds,
    probeLoopDelayP99Ms: loopDelay,
  };
}

answerWith('bus latency probe', main);
