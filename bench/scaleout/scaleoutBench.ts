// The scale-out benchmark (issue 5), for `npm run bench`: three LabLive instances as processes on this
// machine's PostgreSQL and NATS (the local cluster, HAProxy in front when installed), in a database of its
// own, measuring in turn
//   1. failover: SIGKILL of a room's host to the room accepting commands again (failoverRounds.ts);
//   2. the latency the bus adds: subscribers spread over three instances against all on one, same load,
//      in alternating rounds (busOverhead.ts), and beside it the bus alone: the same layouts and cadence
//      played by plain NATS processes on the instances' core (busAlone.ts);
//   3. deliveries per second with 1, 2 and 3 instances (scaleoutThroughput.ts).
// A part that fails is reported as such and the next one still runs; the cluster, its database and its
// folder are removed whatever happens (also by the cleanup registry on SIGINT).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalCluster, startLocalCluster } from '@lablive/testkit/cluster';
import { createBenchDatabase } from '../lib/benchDatabase.ts';
import { onCleanup } from '../lib/cleanup.ts';
import { pidsNamed } from '../lib/cpuTime.ts';
import { pinToCore } from '../lib/pinnedProcess.ts';
import { measureBusAlone } from './busAlone.ts';
import { measureBusOverhead } from './busOverhead.ts';
import { signedInRooms } from './clusterRooms.ts';
import { type FailoverRoom, measureFailover } from './failoverRounds.ts';
import { type Failed, type ScaleoutBenchResult, scaleoutPlan } from './scaleoutPlan.ts';
import { measureThroughput } from './scaleoutThroughput.ts';

export type { ScaleoutBenchResult } from './scaleoutPlan.ts';

export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
/** Lines of the instances' own logs (warnings and errors) echoed to the bench's log, at most. */
const ECHOED_LINES = 40;

const timestamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
const loadAverage = (): [number, number, number] => {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return [one, five, fifteen];
};

async function part<T>(
  label: string,
  log: (line: string) => void,
  work: () => Promise<T>,
): Promise<T | Failed> {
  log(`scale-out: ${label}`);
  try {
    return await work();
  } catch (error) {
    log(
      `scale-out: ${label} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return {
      error: error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error),
    };
  }
}

export async function runScaleoutBench(options: {
  quick: boolean;
  log: (line: string) => void;
  /** Default nats://127.0.0.1:4222. */
  natsUrl?: string;
}): Promise<ScaleoutBenchResult> {
  const { log } = options;
  const plan = scaleoutPlan(options.quick);
  const startedAt = timestamp();
  const loadAverageAtStart = loadAverage();
  const database = await createBenchDatabase('scaleout');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lablive-bench-cluster-'));
  const removeDataDir = onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  let cluster: LocalCluster | null = null;
  const stopCluster = onCleanup('stop the scale-out cluster', () => cluster?.stop());
  try {
    let echoed = 0;
    log('scale-out: starting three instances');
    const started = await startLocalCluster({
      databaseUrl: database.url,
      natsUrl: options.natsUrl ?? DEFAULT_NATS_URL,
      busSubjectPrefix: `bench.${database.name}`,
      accessTokenSecret: randomBytes(48).toString('base64url'),
      dataDir,
      env: {
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
        ACCESS_TOKEN_TTL_SECONDS: String(4 * 3600),
      },
      onLine: (instance, line) => {
        if (echoed++ < ECHOED_LINES) log(`  [${instance}] ${line}`);
      },
    });
    cluster = started;

    const failover = await part('failover (SIGKILL of the room host)', log, async () => {
      const rooms = await signedInRooms(
        database.db,
        started.instanceUrl(1),
        'failover',
        Array.from({ length: plan.failoverRounds }, () => 2),
      );
      return measureFailover(
        started,
        rooms.map((room): FailoverRoom => {
          const [a = '', b = ''] = room.tokens;
          return { roomId: room.roomId, tokens: [a, b] };
        }),
        log,
      );
    });
    if (!started.instance(0)?.running()) await started.start(0);

    // Pinned after the failover rounds, which restart instance 1 as a new process.
    const instancePids = [0, 1, 2].flatMap((index) => started.instance(index)?.pid ?? []);
    for (const pid of instancePids) await pinToCore(pid, plan.instancesCore);
    // NATS carries every message between instances: its CPU counts as the system under test's.
    const serverPids = [...instancePids, ...pidsNamed('nats-server')];

    const busOverhead = await part('bus overhead (spread over three against all on one)', log, () =>
      measureBusOverhead({
        cluster: started,
        db: database.db,
        plan: plan.latency,
        quick: options.quick,
        generatorCore: plan.generatorCore,
        serverPids,
      }),
    );

    const busAlone = await part('the bus alone (the same layouts with plain NATS processes)', log, () =>
      measureBusAlone({
        natsUrl: options.natsUrl ?? DEFAULT_NATS_URL,
        core: plan.instancesCore,
        plan: plan.latency,
      }),
    );

    const results: ScaleoutBenchResult['throughput']['results'] = [];
    for (let pass = 1; pass <= plan.throughputPasses; pass++) {
      // Up, then down: 1, 2, 3, 3, 2, 1.
      const counts = pass % 2 === 1 ? plan.instanceCounts : [...plan.instanceCounts].reverse();
      for (const instances of counts) {
        const outcome = await part(`deliveries/s with ${instances} instance(s), pass ${pass}`, log, () =>
          measureThroughput({
            cluster: started,
            db: database.db,
            plan: plan.throughput,
            instances,
            pass,
            generatorCore: plan.generatorCore,
            serverPids,
          }),
        );
        results.push('error' in outcome ? { ...outcome, instances, pass } : outcome);
      }
    }

    return {
      quick: options.quick,
      startedAt,
      finishedAt: timestamp(),
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      instances: started.size,
      balancer: started.balancerUrl ? 'haproxy' : 'none',
      pinning: { instancesCore: plan.instancesCore, generatorCore: plan.generatorCore },
      failover,
      busOverhead,
      busAlone,
      throughput: { plan: plan.throughput, results },
    };
  } finally {
    await stopCluster();
    await removeDataDir();
    await database.drop();
  }
}
