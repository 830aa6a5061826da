// LabLive instances as processes on a given database (this machine's or a private PostgreSQL server)
// and this machine's NATS, with their own bus subjects, no load balancer, each line they write kept
// (what an operator would read), all stopped by the cleanup registry. The instances migrate the
// database as they start.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalCluster, startLocalCluster } from '@lablive/testkit/cluster';
import { onCleanup } from '../../bench/lib/cleanup.ts';

export type Instances = { cluster: LocalCluster; lines: string[] };

export async function startInstancesOn(options: {
  databaseUrl: string;
  natsUrl: string;
  label: string;
  instances: number;
  env?: Record<string, string>;
}): Promise<Instances> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `lablive-chaos-${options.label}-`));
  onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const lines: string[] = [];
  const cluster = await startLocalCluster({
    databaseUrl: options.databaseUrl,
    natsUrl: options.natsUrl,
    busSubjectPrefix: `chaos.${options.label}.${randomBytes(4).toString('hex')}`,
    accessTokenSecret: randomBytes(48).toString('base64url'),
    dataDir,
    instances: options.instances,
    balancer: false,
    env: {
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      ACCESS_TOKEN_TTL_SECONDS: String(4 * 3600),
      ...options.env,
    },
    onLine: (instance, line) => lines.push(`${instance} ${line}`),
  });
  onCleanup('stop the instances', () => cluster.stop());
  return { cluster, lines };
}

/** The room socket of instance `index`. */
export const socketOf = (cluster: LocalCluster, index: number) =>
  `${cluster.instanceUrl(index).replace(/^http/, 'ws')}/ws`;

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
