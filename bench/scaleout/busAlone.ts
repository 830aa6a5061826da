// The bus alone, beside the bus overhead and in the same run: the same two layouts, cadence and pinning
// played with plain nats.js processes (busAloneProbe.ts) instead of LabLive instances, in alternating
// rounds. What the spread layout costs there is what NATS itself costs on this machine (its hops, and
// the processes woken on one core), before any LabLive code runs.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { preciseNow } from '@lablive/server/tooling';
import { connect } from 'nats';
import { onCleanup } from '../lib/cleanup.ts';
import { createLatencyHistogram } from '../lib/latencyHistogram.ts';
import { type PinnedProcess, startPinned } from '../lib/pinnedProcess.ts';
import type { BusAloneProbeConfig } from './busAloneProbe.ts';
import { spreadOf } from './busOverhead.ts';
import type { BusAloneFigures, HopLatency, LatencyPlan } from './scaleoutPlan.ts';

const SCRIPT = 'bench/scaleout/busAloneProbe.ts';
/** About one chat event batch as a host publishes it. */
const PAYLOAD_BYTES = 400;
/** Time for every process to see the start message before the first message is due. */
const START_DELAY_MS = 300;

type Layout = BusAloneProbeConfig['layout'];

function summary(latencies: readonly number[]): HopLatency {
  const histogram = createLatencyHistogram();
  for (const latency of latencies) histogram.record(latency);
  return {
    messages: latencies.length,
    p50: histogram.percentile(50),
    p90: histogram.percentile(90),
    p99: histogram.percentile(99),
    max: histogram.max(),
  };
}

/** One round of one layout: the latencies of every receipt of every measured message. */
async function playRound(
  layout: Layout,
  base: Omit<BusAloneProbeConfig, 'role' | 'index' | 'layout' | 'subject'>,
  core: number,
  configDir: string,
): Promise<number[]> {
  const subject = `lablive-bench.bus-alone.${randomBytes(4).toString('hex')}`;
  const roles: Array<Pick<BusAloneProbeConfig, 'role' | 'index'>> =
    layout === 'one'
      ? [{ role: 'host', index: 0 }]
      : [
          { role: 'host', index: 0 },
          { role: 'peer', index: 1 },
          { role: 'peer', index: 2 },
        ];
  const timeoutMs = 30_000 + ((base.warmup + base.messages) / base.rate) * 1000;
  const processes: PinnedProcess[] = [];
  const nc = await connect({ servers: base.natsUrl, name: 'lablive-bench-bus-alone' });
  try {
    for (const { role, index } of roles) {
      const configPath = path.join(configDir, `${layout}-${role}-${index}.json`);
      const config: BusAloneProbeConfig = { ...base, role, index, layout, subject };
      await writeFile(configPath, JSON.stringify(config));
      processes.push(
        startPinned({
          name: `bus-alone-${role}-${index}`,
          core,
          args: [SCRIPT, configPath],
          env: {},
          echo: 'stderr',
        }),
      );
    }
    await Promise.all(processes.map((child) => child.line('READY', 30_000)));
    const results = processes.map((child) => child.line('RESULT ', timeoutMs));
    nc.publish(`${subject}.start`, new TextEncoder().encode(String(preciseNow() + START_DELAY_MS)));
    await nc.flush();
    return (await Promise.all(results)).flatMap((line) => JSON.parse(line) as number[]);
  } finally {
    await nc.close();
    await Promise.all(processes.map((child) => child.stop(5000)));
  }
}

export async function measureBusAlone(options: {
  natsUrl: string;
  core: number;
  plan: LatencyPlan;
}): Promise<BusAloneFigures> {
  const { plan } = options;
  const base = {
    natsUrl: options.natsUrl,
    rate: plan.rate,
    messages: Math.round(plan.rate * plan.roundSeconds),
    warmup: Math.round(plan.rate),
    payloadBytes: PAYLOAD_BYTES,
  };
  const configDir = await mkdtemp(path.join(tmpdir(), 'lablive-bench-bus-alone-'));
  const removeConfig = onCleanup(`remove ${configDir}`, () =>
    rm(configDir, { recursive: true, force: true }),
  );
  try {
    const pooled: Record<Layout, number[]> = { one: [], spread: [] };
    const rounds: Array<Record<Layout, HopLatency>> = [];
    for (let round = 0; round < plan.rounds; round++) {
      // Alternating which goes first, as the bus-overhead rounds do.
      const order: Layout[] = round % 2 === 0 ? ['one', 'spread'] : ['spread', 'one'];
      const figures: Partial<Record<Layout, HopLatency>> = {};
      for (const layout of order) {
        const latencies = await playRound(layout, base, options.core, configDir);
        for (const latency of latencies) pooled[layout].push(latency);
        figures[layout] = summary(latencies);
      }
      if (figures.one && figures.spread) rounds.push({ one: figures.one, spread: figures.spread });
    }
    const one = summary(pooled.one);
    const spread = summary(pooled.spread);
    return {
      rate: plan.rate,
      payloadBytes: PAYLOAD_BYTES,
      rounds: rounds.length,
      one,
      spread,
      overheadP50Ms: spread.p50 - one.p50,
      overheadP99Ms: spread.p99 - one.p99,
      roundOverheadP50Ms: spreadOf(rounds.map((round) => round.spread.p50 - round.one.p50)),
      roundOverheadP99Ms: spreadOf(rounds.map((round) => round.spread.p99 - round.one.p99)),
    };
  } finally {
    await removeConfig();
  }
}
