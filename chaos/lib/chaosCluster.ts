// The three-instance cluster a chaos scenario breaks: a fresh migrated database, this machine's NATS,
// LabLive instances as processes (lib/instancesOn.ts, behind HAProxy when installed), each thing
// registered for cleanup; and the rooms with signed-in participants the scenario's clients use
// (bench/scaleout/clusterRooms.ts). Every instance's log lines are kept, so a scenario can show what an
// operator would have read.
import type { Db } from '@lablive/server/tooling';
import { createBenchDatabase } from '../../bench/lib/benchDatabase.ts';
import { type SignedInRoom, signedInRooms } from '../../bench/scaleout/clusterRooms.ts';
import { type Instances, type InstancesOptions, startInstancesOn } from './instancesOn.ts';

export type ChaosCluster = Instances & {
  db: Db;
  /** Rooms of a new event, each with `people` participants signed in. */
  rooms(label: string, count: number, people: number): Promise<SignedInRoom[]>;
};

export async function startChaosCluster(
  label: string,
  natsUrl: string,
  options: Pick<InstancesOptions, 'instanceEnv' | 'env'> = {},
): Promise<ChaosCluster> {
  const database = await createBenchDatabase(label);
  const instances = await startInstancesOn({ ...options, databaseUrl: database.url, natsUrl, label });
  const { cluster } = instances;
  return {
    ...instances,
    db: database.db,
    rooms: (roomLabel, count, people) =>
      signedInRooms(
        database.db,
        cluster.instanceUrl(0),
        `${label}-${roomLabel}`,
        Array.from({ length: count }, () => people),
      ),
  };
}
