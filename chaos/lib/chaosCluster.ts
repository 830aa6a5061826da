// The three-instance cluster a chaos scenario breaks: a fresh migrated database, this machine's NATS,
// LabLive instances as processes (behind HAProxy when installed), each thing registered for cleanup; and
// the rooms with signed-in participants the scenario's clients use. Every instance's log lines are kept,
// so a scenario can show what an operator would have read.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '@lablive/server/tooling';
import { type LocalCluster, type LocalClusterOptions, startLocalCluster } from '@lablive/testkit/cluster';
import { createBenchDatabase } from '../../bench/lib/benchDatabase.ts';
import { onCleanup } from '../../bench/lib/cleanup.ts';
import { type SignedInRoom, signedInRooms } from '../../bench/scaleout/clusterRooms.ts';

export type ChaosCluster = {
  cluster: LocalCluster;
  db: Db;
  /** Every line each instance wrote, by instance name. */
  lines(instance: string): string[];
  /** Rooms of a new event, each with `people` participants signed in. */
  rooms(label: string, count: number, people: number): Promise<SignedInRoom[]>;
};

export async function startChaosCluster(
  label: string,
  natsUrl: string,
  options: Pick<LocalClusterOptions, 'instanceEnv' | 'env'> = {},
): Promise<ChaosCluster> {
  const database = await createBenchDatabase(label);
  const dataDir = await mkdtemp(path.join(tmpdir(), `lablive-chaos-${label}-`));
  onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const lines = new Map<string, string[]>();
  const cluster = await startLocalCluster({
    databaseUrl: database.url,
    natsUrl,
    busSubjectPrefix: `chaos.${database.name}`,
    accessTokenSecret: randomBytes(48).toString('base64url'),
    dataDir,
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
  onCleanup('stop the cluster', () => cluster.stop());
  return {
    cluster,
    db: database.db,
    lines: (instance) => lines.get(instance) ?? [],
    rooms: (roomLabel, count, people) =>
      signedInRooms(
        database.db,
        cluster.instanceUrl(0),
        `${label}-${roomLabel}`,
        Array.from({ length: count }, () => people),
      ),
  };
}

export const socketUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/ws`;
