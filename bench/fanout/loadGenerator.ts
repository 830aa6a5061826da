// The fan-out load generator, a child process pinned to its own core: opens the subscribers (the first
// ones also send), runs a warm-up and the ramp against one target, prints progress on stderr and the
// result as one `RESULT {json}` line on stdout, then exits. Usage: loadGenerator.ts <config.json>
import { waitForQuietMachine } from '../lib/cpuTime.ts';
import { answerWith, exitWithParent, workerConfig, workerLog } from '../lib/resultWorker.ts';
import type { BenchClient, ClientEvents } from './benchClient.ts';
import { scanChatTexts } from './chatMarker.ts';
import { createDeliveryRecorder } from './deliveryRecorder.ts';
import { type FanoutResult, type GeneratorConfig, runsPerRate, type StepResult } from './fanoutPlan.ts';
import { openLabLiveClient } from './labliveClient.ts';
import { type RampContext, runStep, waitForDeliveriesToStop } from './rampStep.ts';
import { probeWithSocketIoClient } from './socketioProbe.ts';
import { openSocketIoRawClient } from './socketioRawClient.ts';
import { openWsClient } from './wsClient.ts';

const config = workerConfig<GeneratorConfig>();
const { plan } = config;
const log = workerLog;
exitWithParent();

/** Message numbers for the warm-up and every run of every rate (retries and disturbed reruns included). */
const capacity =
  Math.ceil(plan.warmupRate * plan.warmupSeconds) +
  plan.rates.reduce((sum, rate) => sum + Math.ceil(rate * plan.stepSeconds), 0) * runsPerRate(plan) +
  16;
const recorder = createDeliveryRecorder(plan.subscribers, capacity);
const counters = { refused: 0, closed: 0 };
const notes: string[] = [];

function eventsOf(index: number): ClientEvents {
  return {
    frame(data) {
      const received = performance.now();
      scanChatTexts(data, (seq, scheduled) => recorder.record(index, seq, scheduled, received));
    },
    refused(detail) {
      if (counters.refused++ < 3) log(`refused: ${detail}`);
    },
    closed(code) {
      if (counters.closed++ < 3) log(`socket closed by the server: ${code}`);
    },
  };
}

function openClient(index: number): BenchClient {
  switch (config.target) {
    case 'lablive':
      if (config.roomId === undefined || !config.tokens?.[index]) throw new Error('LabLive needs tokens');
      return openLabLiveClient(
        config.urls?.[index % config.urls.length] ?? config.url,
        config.tokens[index],
        config.roomId,
        eventsOf(index),
      );
    case 'socketio':
      return openSocketIoRawClient(config.url, eventsOf(index));
    case 'ws':
      return openWsClient(config.url, eventsOf(index));
  }
}

async function openAll(): Promise<BenchClient[]> {
  const clients: BenchClient[] = new Array(plan.subscribers);
  // The first joins alone: its instance (the first of `urls`) takes the room's lease and hosts it.
  const first = openClient(0);
  clients[0] = first;
  await first.ready;
  let next = 1;
  const worker = async () => {
    for (let index = next++; index < plan.subscribers; index = next++) {
      const client = openClient(index);
      clients[index] = client;
      await client.ready;
    }
  };
  await Promise.all(Array.from({ length: plan.connectConcurrency }, worker));
  return clients;
}

function describe(step: StepResult): string {
  const pct = (value: number) => `${Math.round(value * 100)}%`;
  return [
    `${String(step.rate).padStart(5)} msg/s${step.attempt > 1 ? ' (retry)' : ''}`,
    `${step.senders} senders`,
    `delivered ${((step.delivered / step.expected) * 100).toFixed(2)}%`,
    `p50 ${step.p50.toFixed(1)} p99 ${step.p99.toFixed(1)} max ${step.max.toFixed(0)} ms`,
    `cpu gen ${pct(step.cpu.generator)} srv ${pct(step.cpu.server)} db ${pct(step.cpu.database)} others ${pct(step.cpu.others)}`,
    `lag p99 ${step.generatorLoopDelayP99.toFixed(1)} ms`,
    step.passed ? 'PASS' : `FAIL: ${step.why}${step.disturbed ? ' (disturbed: run again)' : ''}`,
  ].join(' | ');
}

async function main(): Promise<FanoutResult> {
  const setupStart = performance.now();
  const clients = await openAll();
  if (config.target === 'socketio' && clients[0]) {
    await probeWithSocketIoClient(config.url.replace(/^ws/, 'http'), clients[0]);
    notes.push('socket.io-client 4 received the probe broadcast like the raw protocol clients.');
  }
  const setupSeconds = (performance.now() - setupStart) / 1000;
  log(`${clients.length} subscribers live in ${setupSeconds.toFixed(1)} s`);
  const context: RampContext = { clients, recorder, plan, serverPids: config.serverPids, counters };

  await waitForDeliveriesToStop(recorder, 500, 10_000);
  const warmup = await runStep(context, plan.warmupRate, plan.warmupSeconds, 0);
  log(`warm-up: ${describe(warmup)}`);
  await waitForDeliveriesToStop(recorder, 500, 10_000);

  const steps: StepResult[] = [];
  let best: StepResult | null = null;
  let quietBudgetMs = plan.quietBudgetSeconds * 1000;
  const quiet = async () => {
    const start = performance.now();
    const wait = Math.min(plan.quietWaitSeconds * 1000, quietBudgetMs);
    const others = await waitForQuietMachine(config.serverPids, plan.maxOthers, wait);
    quietBudgetMs = Math.max(0, quietBudgetMs - (performance.now() - start));
    if (others >= plan.maxOthers)
      log(`the machine is busy (others ${Math.round(others * 100)}% of a core): going on`);
  };
  ramp: for (const rate of plan.rates) {
    let disturbed = 0;
    for (let attempt = 1; attempt <= (plan.retryFailedStep ? 2 : 1); ) {
      await quiet();
      const step = await runStep(context, rate, plan.stepSeconds, attempt);
      steps.push(step);
      log(describe(step));
      if (step.passed) {
        best = step;
        continue ramp;
      }
      if (counters.closed > 0) {
        notes.push(`The server closed ${counters.closed} subscriber sockets: the ramp stopped there.`);
        break ramp;
      }
      await waitForDeliveriesToStop(recorder, 1000, 20_000);
      if (step.disturbed && disturbed < plan.disturbedReruns) disturbed++;
      else attempt++;
    }
    break;
  }
  for (const client of clients) client.close();
  return {
    target: config.target,
    subscribers: clients.length,
    setupSeconds,
    steps,
    bestRate: best?.rate ?? 0,
    bestStep: best,
    notes,
  };
}

answerWith('load generator', main);
