// The soak (issue 29): one LabLive instance on its core, its people in one or two generator processes on
// the other, for --soak-minutes (10; --quick: 1 minute, 1,000 people). The server's heap is read after
// a forced collection once everyone is in and again at the end with everyone still connected; its CPU
// and resident memory over the run. Every generator checks its clients' deliveries (soakGenerator.ts).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { metricValue, scrape } from '@lablive/testkit/cluster';
import { onCleanup } from '../lib/cleanup.ts';
import { cpuSecondsOf } from '../lib/cpuTime.ts';
import { createLatencyHistogram } from '../lib/latencyHistogram.ts';
import { type PinnedProcess, startPinned } from '../lib/pinnedProcess.ts';
import { connectHeapProbe } from './heapProbe.ts';
import {
  type Percentiles,
  type SoakGeneratorConfig,
  type SoakGeneratorResult,
  type SoakResult,
  soakPlan,
} from './soakPlan.ts';
import { startSoakServer } from './soakServer.ts';

export type SoakOptions = {
  quick: boolean;
  minutes?: number;
  serverCore: number;
  generatorCore: number;
  command: string;
  log: (line: string) => void;
};

const MiB = 1024 * 1024;

function percentiles(values: readonly number[]): Percentiles {
  const histogram = createLatencyHistogram();
  for (const value of values) histogram.record(value);
  return {
    count: histogram.count(),
    p50: histogram.percentile(50),
    p99: histogram.percentile(99),
    max: histogram.max(),
  };
}

export async function runSoakBench(options: SoakOptions): Promise<SoakResult> {
  const plan = soakPlan(options.quick, options.minutes);
  const { log } = options;
  const loadAverageAtStart = os.loadavg();
  log(`${plan.rooms} rooms of ${plan.perRoom}, ${plan.minutes} min, ${plan.generators} generator(s)`);
  const server = await startSoakServer(plan, options.serverCore, log);
  const workDir = await mkdtemp(path.join(tmpdir(), 'lablive-soak-'));
  const removeWorkDir = onCleanup(`remove ${workDir}`, () => rm(workDir, { recursive: true, force: true }));
  const generators: PinnedProcess[] = [];
  try {
    const heap = await connectHeapProbe(server.inspectPort);
    const resultPaths: string[] = [];
    const share = Math.ceil(server.rooms.length / plan.generators);
    for (let index = 0; index < plan.generators; index++) {
      const resultPath = path.join(workDir, `result-${index}.json`);
      const configPath = path.join(workDir, `config-${index}.json`);
      const config: SoakGeneratorConfig & { resultPath: string } = {
        wsUrl: server.wsUrl,
        plan,
        rooms: server.rooms.slice(index * share, (index + 1) * share),
        startAt: 0,
        resultPath,
      };
      await writeFile(configPath, JSON.stringify(config));
      resultPaths.push(resultPath);
      generators.push(
        startPinned({
          name: `soak-generator-${index}`,
          core: options.generatorCore,
          args: ['bench/soak/soakGenerator.ts', configPath],
          env: {},
          nodeFlags: ['--max-old-space-size=4096'],
          echo: 'stderr',
        }),
      );
    }
    const setupStart = performance.now();
    await Promise.all(generators.map((generator) => generator.line('READY', 30 * 60_000)));
    const setupSeconds = (performance.now() - setupStart) / 1000;

    const heapStart = await heap.heapAfterGc();
    const rssStart = await server.rss();
    log(`everyone in after ${setupSeconds.toFixed(1)} s: heap ${(heapStart / MiB).toFixed(1)} MiB after GC`);
    // Read once here so that the event-loop lag read at the end covers the run only.
    await scrape(server.metricsUrl);
    const cpuStart = cpuSecondsOf(server.pid);
    const runStart = performance.now();
    for (const generator of generators) process.kill(generator.pid, 'SIGUSR2');
    const runTimeoutMs = (plan.minutes * 60 + plan.drainSeconds + 300) * 1000;
    await Promise.all(generators.map((generator) => generator.line('RESULT', runTimeoutMs)));
    const runSeconds = (performance.now() - runStart) / 1000;
    const cpuEnd = cpuSecondsOf(server.pid);
    const metrics = await scrape(server.metricsUrl);
    const eventLoop = {
      p99Ms: metricValue(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      maxMs: metricValue(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000,
    };
    const rssEnd = await server.rss();
    const heapEnd = await heap.heapAfterGc();
    heap.close();
    for (const generator of generators) process.kill(generator.pid, 'SIGUSR2');

    const parts = await Promise.all(
      resultPaths.map(async (file) => JSON.parse(await readFile(file, 'utf8')) as SoakGeneratorResult),
    );
    const sum = (pick: (part: SoakGeneratorResult) => number) =>
      parts.reduce((total, part) => total + pick(part), 0);
    const measuredSeconds = runSeconds - plan.drainSeconds;
    return {
      quick: plan.quick,
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      plan,
      command: options.command,
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg(),
      clients: sum((part) => part.clients),
      setupSeconds,
      runSeconds: measuredSeconds,
      sent: {
        chat: sum((part) => part.sent.chat),
        audio: sum((part) => part.sent.audio),
        polls: sum((part) => part.sent.polls),
        votes: sum((part) => part.sent.votes),
      },
      acknowledged: sum((part) => part.acknowledged),
      resent: sum((part) => part.resent),
      unanswered: sum((part) => part.unanswered),
      rejected: sum((part) => part.rejected),
      rejectedSamples: parts.flatMap((part) => part.rejectedSamples).slice(0, 5),
      reconnections: sum((part) => part.reconnections),
      deliveriesPerSecond: sum((part) => part.deliveries) / measuredSeconds,
      ack: percentiles(parts.flatMap((part) => part.ackLatencies)),
      delivery: percentiles(parts.flatMap((part) => part.deliveryLatencies)),
      lostVersions: sum((part) => part.lostVersions),
      duplicatedVersions: sum((part) => part.duplicatedVersions),
      missedChats: sum((part) => part.missedChats),
      duplicatedChats: sum((part) => part.duplicatedChats),
      closedByServer: sum((part) => part.closedByServer),
      closeCodes: parts.reduce<Record<string, number>>((codes, part) => {
        for (const [code, count] of Object.entries(part.closeCodes)) codes[code] = (codes[code] ?? 0) + count;
        return codes;
      }, {}),
      stuckClients: parts.flatMap((part) => part.stuckClients).slice(0, 10),
      notLiveAtEnd: sum((part) => part.notLiveAtEnd),
      generators: parts.map((part) => ({
        cpuCores: part.generatorCpuCores,
        loopDelayP99Ms: part.generatorLoopDelayP99Ms,
      })),
      server: {
        cpuCores: (cpuEnd - cpuStart) / runSeconds,
        rssMiBStart: rssStart / MiB,
        rssMiBEnd: rssEnd / MiB,
        heapMiBStart: heapStart / MiB,
        heapMiBEnd: heapEnd / MiB,
        heapGrowth: heapEnd / heapStart - 1,
        eventLoopLagP99Ms: eventLoop.p99Ms,
        eventLoopLagMaxMs: eventLoop.maxMs,
      },
      chatMessagesHeld: sum((part) => part.acknowledgedChats),
    };
  } finally {
    await Promise.all(generators.map((generator) => generator.stop(5000)));
    await removeWorkDir();
    await server.stop();
  }
}
