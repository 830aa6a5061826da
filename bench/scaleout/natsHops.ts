// The bus's own hop on this machine, measured in the same run as the bus overhead and with the same
// pinning and cadence: two plain nats.js processes on the instances' core (natsHopProbe.ts). The spread
// layout adds such a hop to every forwarded command and to every event that reaches another instance;
// beside LabLive's figures it shows how much of the overhead is the bus itself on this machine.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onCleanup } from '../lib/cleanup.ts';
import { startPinned } from '../lib/pinnedProcess.ts';
import { runResultChild } from '../lib/resultChild.ts';
import type { NatsHopProbeConfig } from './natsHopProbe.ts';
import type { HopLatency, LatencyPlan, NatsHopFigures } from './scaleoutPlan.ts';

const SCRIPT = 'bench/scaleout/natsHopProbe.ts';
/** About one chat event batch as the host publishes it. */
const PAYLOAD_BYTES = 400;

export async function measureNatsHops(options: {
  natsUrl: string;
  core: number;
  plan: LatencyPlan;
}): Promise<NatsHopFigures> {
  const { plan } = options;
  const messages = Math.round(plan.rate * plan.rounds * plan.roundSeconds);
  const warmup = Math.round(plan.rate * plan.warmupSeconds);
  const base: Omit<NatsHopProbeConfig, 'role'> = {
    natsUrl: options.natsUrl,
    subject: `lablive-bench.hops.${randomBytes(4).toString('hex')}`,
    rate: plan.rate,
    messages,
    warmup,
    payloadBytes: PAYLOAD_BYTES,
  };
  const timeoutMs = 60_000 + ((messages + warmup) / plan.rate) * 1000;
  const configDir = await mkdtemp(path.join(tmpdir(), 'lablive-bench-hops-'));
  const removeConfig = onCleanup(`remove ${configDir}`, () =>
    rm(configDir, { recursive: true, force: true }),
  );
  try {
    const peerConfig = path.join(configDir, 'peer.json');
    await writeFile(peerConfig, JSON.stringify({ ...base, role: 'peer' } satisfies NatsHopProbeConfig));
    const peer = startPinned({
      name: 'nats-hop-peer',
      core: options.core,
      args: [SCRIPT, peerConfig],
      env: {},
      echo: 'stderr',
    });
    try {
      await peer.line('READY', 30_000);
      const peerResult = peer.line('RESULT ', timeoutMs);
      const own = (await runResultChild({
        name: 'nats-hop-source',
        script: SCRIPT,
        core: options.core,
        config: { ...base, role: 'source' } satisfies NatsHopProbeConfig,
        timeoutMs,
      })) as HopLatency;
      const other = JSON.parse(await peerResult) as HopLatency;
      return { rate: plan.rate, payloadBytes: PAYLOAD_BYTES, own, other };
    } finally {
      await peer.stop(5000);
    }
  } finally {
    await removeConfig();
  }
}
