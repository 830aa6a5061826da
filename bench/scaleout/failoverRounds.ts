// Time from SIGKILL of a room's host to the room accepting commands again, on the local cluster: one
// participant on instance 1 (which hosts the room) and one on instance 2; instance 1 is killed and the
// participant on instance 2 sends a command every 20 ms: the first acknowledgement is the room back. The
// participant of the killed instance reconnects through the load balancer (or to a survivor without
// one), resumes and sends again: its acknowledgement is the outage as that user saw it. Instance 1 is
// started again after each round.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LocalCluster } from '@lablive/testkit/cluster';
import { type ClusterClient, openClusterClient } from '@lablive/testkit/cluster';
import type { FailoverFigures } from './scaleoutPlan.ts';

/** One room of the failover rounds: the access tokens of its two participants. */
export type FailoverRoom = { roomId: number; tokens: [string, string] };

const PROBE_EVERY_MS = 20;
const GIVE_UP_MS = 10_000;
const now = () => performance.timeOrigin + performance.now();
export const wsUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/ws`;
const chat = () => ({ type: 'SendChatMessage' as const, data: { messageId: randomUUID(), text: 'probe' } });

function connect(cluster: LocalCluster, token: string, roomId: number, instance: number, name: string) {
  return openClusterClient({
    name,
    token,
    roomId,
    retryDelayMs: 20,
    url: (attempt) => {
      if (attempt === 1) return wsUrl(cluster.instanceUrl(instance));
      if (cluster.balancerUrl) return wsUrl(cluster.balancerUrl);
      const alive = [0, 1, 2].find((index) => index !== instance && cluster.instance(index)?.running());
      return wsUrl(cluster.instanceUrl(alive ?? 0));
    },
  });
}

async function round(cluster: LocalCluster, room: FailoverRoom, clients: ClusterClient[]) {
  const [tokenA, tokenB] = room.tokens;
  const onKilled = connect(cluster, tokenA, room.roomId, 0, 'on-killed');
  clients.push(onKilled);
  await onKilled.joined(); // instance 1 (index 0) hosts the room from here
  const survivor = connect(cluster, tokenB, room.roomId, 1, 'survivor');
  clients.push(survivor);
  await survivor.joined();
  for (let index = 0; index < 5; index++) await survivor.send(chat());

  const killedAt = now();
  cluster.kill(0, 'SIGKILL');
  const userBack = onKilled.send(chat());
  let roomBack = Number.POSITIVE_INFINITY;
  const probes: Array<Promise<unknown>> = [];
  while (roomBack === Number.POSITIVE_INFINITY && now() - killedAt < GIVE_UP_MS) {
    probes.push(
      survivor.send(chat()).then((result) => {
        if (result.ok) roomBack = Math.min(roomBack, result.ackedAt);
      }),
    );
    await sleep(PROBE_EVERY_MS);
  }
  await Promise.all(probes);
  const user = await userBack;
  onKilled.close();
  survivor.close();
  await cluster.instance(0)?.exited;
  await cluster.start(0);
  return {
    roomBackMs: Math.round(roomBack - killedAt),
    reconnectedUserMs: user.ok ? Math.round(user.ackedAt - killedAt) : Number.NaN,
  };
}

export async function measureFailover(
  cluster: LocalCluster,
  rooms: readonly FailoverRoom[],
  log: (line: string) => void,
): Promise<FailoverFigures> {
  const clients: ClusterClient[] = [];
  const figures: FailoverFigures = { rounds: 0, roomBackMs: [], reconnectedUserMs: [] };
  try {
    for (const room of rooms) {
      const result = await round(cluster, room, clients);
      figures.rounds++;
      figures.roomBackMs.push(result.roomBackMs);
      figures.reconnectedUserMs.push(result.reconnectedUserMs);
      log(
        `failover round ${figures.rounds}: room back after ${result.roomBackMs} ms, the killed instance's user after ${result.reconnectedUserMs} ms`,
      );
    }
    return figures;
  } finally {
    for (const client of clients) client.close();
  }
}
