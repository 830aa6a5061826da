// LabLive instances as processes on a given database (this machine's, a fresh bench database or a private
// PostgreSQL server) and this machine's NATS, with their own bus subjects, each line they write kept by
// instance (what an operator would read), all stopped by the cleanup registry. The instances migrate the
// database as they start. Every scenario's instances start here (lib/chaosCluster.ts adds a fresh
// database and the balancer).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalCluster, type LocalClusterOptions, startLocalCluster } from '@lablive/testkit/cluster';
import { onCleanup } from '../../bench/lib/cleanup.ts';

export type Instances = {
  cluster: LocalCluster;
  /** Every line an instance wrote (by its name), or every instance's lines when no name is given. */
  lines(instance?: string): string[];
};

export type InstancesOptions = Pick<LocalClusterOptions, 'instanceEnv' | 'env'> & {
  databaseUrl: string;
  natsUrl: string;
  label: string;
  /** How many (the testkit's default, 3, when not given). */
  instances?: number;
  /** Behind HAProxy when installed (the testkit's default) or not. */
  balancer?: boolean;
};

export async function startInstancesOn(options: InstancesOptions): Promise<Instances> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `lablive-chaos-${options.label}-`));
  onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const lines = new Map<string, string[]>();
  const cluster = await startLocalCluster({
    databaseUrl: options.databaseUrl,
    natsUrl: options.natsUrl,
    busSubjectPrefix: `chaos.${options.label}.${randomBytes(4).toString('hex')}`,
    accessTokenSecret: randomBytes(48).toString('base64url'),
    dataDir,
    ...(options.instances === undefined ? {} : { instances: options.instances }),
    ...(options.balancer === undefined ? {} : { balancer: options.balancer }),
    env: {
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      ACCESS_TOKEN_TTL_SECONDS: String(4 * 3600),
      ...options.env,
    },
    ...(options.instanceEnv ? { instanceEnv: options.instanceEnv } : {}),
    onLine: (instance, line) => {
      const kept = lines.get(instance) ?? [];
      if (kept.length === 0) lines.set(instance, kept);
      kept.push(line);
    },
  });
  onCleanup('stop the instances', () => cluster.stop());
  return {
    cluster,
    lines: (instance) => (instance === undefined ? [...lines.values()].flat() : (lines.get(instance) ?? [])),
  };
}

/** The room socket of an instance (or of the balancer) at `httpUrl`. */
export const socketUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/ws`;

/** Warnings and errors the instances logged, by message, counted: what an operator reads. */
export function operatorLines(lines: readonly string[]): string[] {
  const byMessage = new Map<string, number>();
  for (const line of lines) {
    const match = /"level":(40|50|60).*?"msg":"([^"]+)"/.exec(line);
    if (!match) continue;
    const key = `${match[1] === '40' ? 'warn' : 'error'}: ${match[2]}`;
    byMessage.set(key, (byMessage.get(key) ?? 0) + 1);
  }
  return [...byMessage].map(([message, count]) => `log ${message} (×${count})`);
}
