// The production topology on one machine: this machine's PostgreSQL and NATS, up to three LabLive
// instances as processes on their own ports, and HAProxy on infra/haproxy.cfg in front of them.
// `npm run cluster`, the failover tests and the scale-out benchmark (bench/scaleout) start it through here.
import { freePort } from '@lablive/server/testing';
import { findHaproxy, HAPROXY_BACKENDS, type HaproxyProcess, startHaproxy } from './haproxyProcess.ts';
import { type InstanceProcess, startInstance } from './instanceProcess.ts';

export type LocalClusterOptions = {
  databaseUrl: string;
  natsUrl: string;
  /** Keeps this cluster's subjects apart from anything else on the same NATS. */
  busSubjectPrefix: string;
  /** Shared by every instance: a token signed by one is valid on all. */
  accessTokenSecret: string;
  /** Shared too: documents uploaded through one instance are downloaded through another. */
  dataDir: string;
  instances?: number;
  /** Fixed ports (npm run cluster); free ones when absent (tests). */
  ports?: { balancer: number; stats: number; instances: readonly number[]; metrics: readonly number[] };
  /** false: no load balancer even when HAProxy is installed. */
  balancer?: boolean;
  /** Extra configuration for every instance (LOG_LEVEL, DRAIN_NOTICE_MS, ...). */
  env?: Record<string, string>;
  /**
   * Configuration of one instance (index from 0) over `env`: the chaos scenarios give one instance its
   * own NATS_URL, through a proxy they can cut.
   */
  instanceEnv?: (index: number) => Record<string, string>;
  /** Only the first instance seeds demo data into an empty database, before the others start. */
  seedDemoData?: boolean;
  onLine?: (instance: string, line: string) => void;
};

export type LocalCluster = {
  /** The load balancer's address, or null without HAProxy. */
  balancerUrl: string | null;
  balancerStatsUrl: string | null;
  /** Why there is no load balancer, when there is none. */
  balancerMissing: string | null;
  size: number;
  instanceUrl(index: number): string;
  /** Where Prometheus scrapes the instance: its own metrics listener, not its application port. */
  instanceMetricsUrl(index: number): string;
  instanceName(index: number): string;
  /** The running process of the slot, if any. */
  instance(index: number): InstanceProcess | null;
  /** Starts (or restarts) the instance of a slot, on the slot's port. */
  start(index: number): Promise<InstanceProcess>;
  kill(index: number, signal: NodeJS.Signals): void;
  stop(): Promise<void>;
};

export async function startLocalCluster(options: LocalClusterOptions): Promise<LocalCluster> {
  const size = options.instances ?? HAPROXY_BACKENDS;
  if (size < 1 || size > HAPROXY_BACKENDS)
    throw new Error(`a local cluster has 1 to ${HAPROXY_BACKENDS} instances`);
  const ports = options.ports ?? {
    balancer: await freePort(),
    stats: await freePort(),
    instances: await Promise.all(Array.from({ length: HAPROXY_BACKENDS }, () => freePort())),
    metrics: await Promise.all(Array.from({ length: HAPROXY_BACKENDS }, () => freePort())),
  };
  const haproxy = options.balancer === false ? null : findHaproxy();
  const balancerMissing =
    options.balancer === false
      ? 'no load balancer asked for'
      : haproxy === null
        ? 'HAProxy is not installed (apt-get install -y haproxy)'
        : null;
  const balancerUrl = haproxy ? `http://127.0.0.1:${ports.balancer}` : null;
  const slots: Array<InstanceProcess | null> = Array.from({ length: size }, () => null);
  const names = slots.map((_, index) => `lablive-${index + 1}`);
  const portOf = (index: number, of: 'instances' | 'metrics' = 'instances') => {
    const port = ports[of][index];
    if (port === undefined) throw new Error(`no ${of} port for instance ${index + 1}`);
    return port;
  };

  async function start(index: number, seed = false): Promise<InstanceProcess> {
    const name = names[index];
    if (name === undefined) throw new Error(`no instance ${index + 1} in a cluster of ${size}`);
    const previous = slots[index];
    if (previous?.running()) throw new Error(`${name} is running already`);
    const started = await startInstance({
      name,
      port: portOf(index),
      env: {
        DATABASE_URL: options.databaseUrl,
        NATS_URL: options.natsUrl,
        BUS_SUBJECT_PREFIX: options.busSubjectPrefix,
        ACCESS_TOKEN_SECRET: options.accessTokenSecret,
        DATA_DIR: options.dataDir,
        PUBLIC_URL: balancerUrl ?? `http://127.0.0.1:${portOf(index)}`,
        TRUST_PROXY: 'true',
        SEED_DEMO_DATA: seed ? 'true' : 'false',
        METRICS_PORT: String(portOf(index, 'metrics')),
        ...options.env,
        ...options.instanceEnv?.(index),
      },
      ...(options.onLine ? { onLine: (line: string) => options.onLine?.(name, line) } : {}),
    });
    slots[index] = started;
    return started;
  }

  let balancer: HaproxyProcess | null = null;
  try {
    await start(0, options.seedDemoData === true);
    await Promise.all(slots.slice(1).map((_, offset) => start(offset + 1)));
    if (haproxy) {
      balancer = await startHaproxy({
        executable: haproxy,
        port: ports.balancer,
        statsPort: ports.stats,
        backends: Array.from(
          { length: HAPROXY_BACKENDS },
          (_, index) => `127.0.0.1:${ports.instances[index]}`,
        ),
      });
    }
  } catch (error) {
    await Promise.all(slots.map((slot) => slot?.stop()));
    throw error;
  }

  return {
    balancerUrl,
    balancerStatsUrl: balancer?.statsUrl ?? null,
    balancerMissing,
    size,
    instanceUrl: (index) => `http://127.0.0.1:${portOf(index)}`,
    instanceMetricsUrl: (index) => `http://127.0.0.1:${portOf(index, 'metrics')}/metrics`,
    instanceName: (index) => names[index] ?? `lablive-${index + 1}`,
    instance: (index) => slots[index] ?? null,
    start: (index) => start(index),
    kill(index, signal) {
      slots[index]?.kill(signal);
    },
    async stop() {
      await Promise.all(slots.map((slot) => slot?.stop()));
      await balancer?.stop();
    },
  };
}
