// Rooms of the scale-out benchmark on the cluster's database: a new event per part with the rooms it
// needs, each with its participants, signed in through one instance's real sign-in call.
import { randomBytes } from 'node:crypto';
import type { Db } from '@lablive/server/tooling';
import type { LocalCluster } from '@lablive/testkit/cluster';
import { addParticipants, createBenchEvent, signInAll } from '../lib/roomFixtures.ts';

export type SignedInRoom = { roomId: number; tokens: string[] };

/** What the measuring parts share: the cluster, its database, where their worker runs, what is under test. */
export type ClusterBench = {
  cluster: LocalCluster;
  db: Db;
  generatorCore: number;
  /** The instances and NATS, for the workers' CPU figures. */
  serverPids: number[];
};

/** One room per entry of `sizes`, with that many participants each. */
export async function signedInRooms(
  db: Db,
  httpUrl: string,
  label: string,
  sizes: readonly number[],
): Promise<SignedInRoom[]> {
  const event = await createBenchEvent(db, `${label}-${randomBytes(3).toString('hex')}`, sizes.length);
  const roomOf: number[] = sizes.flatMap((size, room) => Array.from({ length: size }, () => room));
  const people = await addParticipants(
    db,
    event,
    roomOf.length,
    (index) => event.roomIds[roomOf[index] ?? 0] ?? 0,
  );
  const tokens = await signInAll(
    httpUrl,
    people.map((person) => person.invitation),
  );
  return event.roomIds.map((roomId) => ({
    roomId,
    tokens: tokens.filter((_, index) => people[index]?.roomId === roomId),
  }));
}
