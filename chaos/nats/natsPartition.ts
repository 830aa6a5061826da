// Issue 31, part 2: one of three instances cut from NATS for 30 s (--quick: 8 s). Instance 3 reaches NATS
// through a faulty proxy that black-holes its connection (nothing passes, nothing closes, as in a
// partition), while people chat in rooms hosted by every instance, with a socket on every instance in
// every room. Checks: every acknowledged message stored once, every client's events exactly the room's
// log; how long each kind of room was unavailable to which sockets; whether instance 3's rooms moved or
// kept serving; that instance 3 serves again after the partition and told the operator (readiness, log).
import { setTimeout as sleep } from 'node:timers/promises';
import { startFaultyProxy } from '@lablive/testkit/cluster';
import { type ChaosCluster, startChaosCluster } from '../lib/chaosCluster.ts';
import {
  type Chatter,
  chatContinuously,
  clientsCaughtUp,
  compareWithLog,
  logVersion,
  openChatter,
  say,
} from '../lib/chatRooms.ts';
import { socketUrl } from '../lib/instancesOn.ts';
import { hostStarts, watchReadiness } from '../lib/instanceWatch.ts';
import { figure, type ScenarioContext, type ScenarioOutcome, waitUntil } from '../lib/scenario.ts';
import { CUT, findings, type Room, sampleBusUp } from './partitionFindings.ts';

const ROOMS = 6;
const CHAT_EVERY_MS = 500;
const now = () => performance.timeOrigin + performance.now();

/** A room first entered (and so hosted) on `host`, then entered by one person on every other instance. */
async function openRoom(chaos: ChaosCluster, roomId: number, tokens: string[], host: number): Promise<Room> {
  const { cluster } = chaos;
  const order = [host, ...[0, 1, 2].filter((index) => index !== host)];
  const chatters: Chatter[] = [];
  for (const [position, instance] of order.entries()) {
    const chatter = openChatter({
      name: `r${roomId}-on-${instance + 1}`,
      token: tokens[position] ?? '',
      roomId,
      instance,
      url: (attempt) =>
        socketUrl(
          attempt === 1
            ? cluster.instanceUrl(instance)
            : (cluster.balancerUrl ?? cluster.instanceUrl((instance + attempt - 1) % cluster.size)),
        ),
    });
    await chatter.client.joined();
    if (position === 0) await say(chatter, 'first');
    chatters.push(chatter);
  }
  return { roomId, host, chatters };
}

export async function run(context: ScenarioContext): Promise<ScenarioOutcome> {
  const partitionMs = context.quick ? 8_000 : 30_000;
  const nats = new URL(context.natsUrl);
  const proxy = await startFaultyProxy({ host: nats.hostname, port: Number(nats.port || 4222) });
  const chaos = await startChaosCluster('nats', context.natsUrl, {
    instanceEnv: (index): Record<string, string> =>
      index === CUT ? { NATS_URL: `nats://${proxy.address}` } : {},
  });
  const { cluster } = chaos;
  context.log(
    `cluster up (${cluster.balancerUrl ? 'HAProxy' : 'no balancer'}); lablive-3's NATS via ${proxy.address}`,
  );

  const fixtures = await chaos.rooms('rooms', ROOMS + 1, 4);
  const rooms: Room[] = [];
  for (const [index, fixture] of fixtures.slice(0, ROOMS).entries())
    rooms.push(await openRoom(chaos, fixture.roomId, fixture.tokens, index % 3));
  const chatters = rooms.flatMap((room) => room.chatters);
  const placedAsAsked = rooms.filter((room) =>
    hostStarts(chaos.lines(cluster.instanceName(room.host))).some((start) => start.roomId === room.roomId),
  ).length;

  const readiness = watchReadiness(cluster.instanceUrl(CUT));
  const busUp = sampleBusUp(cluster.instanceMetricsUrl(CUT));
  const stopChat = chatContinuously(chatters, CHAT_EVERY_MS);
  await sleep(3000);
  context.log(`partition: lablive-3 cut from NATS for ${partitionMs / 1000} s`);
  const cutAt = now();
  proxy.blackhole();
  await sleep(partitionMs);
  proxy.restore();
  const restoredAt = now();
  context.log('partition over');

  const caughtUpMs = await catchUpTime(
    chaos,
    rooms,
    chatters.filter((chatter) => chatter.instance === CUT),
  );
  const rejoin = await placeNewRoom(chaos, fixtures[ROOMS]);
  const [elsewhere] = rooms;
  const follower = elsewhere ? await followFromCut(chaos, elsewhere, fixtures[0]?.tokens[3] ?? '') : null;
  await sleep(5000);
  const endedAt = now();
  const settled = await Promise.race([stopChat().then(() => true), sleep(60_000).then(() => false)]);
  await readiness.stop();
  busUp.stop();
  await waitUntil(
    () => clientsCaughtUp(chaos.db, chatters),
    'every client to reach its room log',
    30_000,
  ).catch(() => undefined);
  const compared = await compareWithLog(chaos.db, [...chatters, ...rejoin.chatters]);
  const { checks, figures } = findings({
    chaos,
    rooms,
    window: { cutAt, restoredAt, endedAt },
    placedAsAsked,
    settled,
    compared,
    caughtUpMs,
    rejoin,
    follower,
    readiness,
    busUp: busUp.samples,
  });
  for (const chatter of [...chatters, ...rejoin.chatters]) chatter.client.close();
  follower?.chatter.client.close();
  figures.push(figure('proxy', JSON.stringify(proxy.stats())));
  await proxy.close();
  return {
    setup: `Three instances on this machine's PostgreSQL and NATS${cluster.balancerUrl ? ' behind HAProxy' : ''}; lablive-3 reaches NATS through a TCP proxy that black-holes its connection for ${partitionMs / 1000} s. ${ROOMS} rooms, two hosted by each instance, each with a person on every instance chatting every ${CHAT_EVERY_MS} ms.`,
    checks,
    figures,
  };
}

/** How long after the restore the given sockets had what their rooms held at the restore; NaN: never. */
async function catchUpTime(chaos: ChaosCluster, rooms: readonly Room[], sockets: readonly Chatter[]) {
  const atRestore = new Map(
    await Promise.all(
      rooms.map(async (room) => [room.roomId, await logVersion(chaos.db, room.roomId)] as const),
    ),
  );
  return waitUntil(
    () => sockets.every((c) => c.client.lastVersion() >= (atRestore.get(c.roomId) ?? 0)),
    'the sockets to catch up',
    60_000,
  ).catch(() => Number.NaN);
}

/** A room entered first on instance 3 after the partition: hosted there, and serving a person elsewhere. */
async function placeNewRoom(chaos: ChaosCluster, fixture: { roomId: number; tokens: string[] } | undefined) {
  if (!fixture) throw new Error('no room left for the rejoin');
  const room = await openRoom(chaos, fixture.roomId, fixture.tokens, CUT).catch(() => null);
  if (!room) return { hostedOnCut: false, served: false, detail: 'could not enter it', chatters: [] };
  const hostedOnCut = hostStarts(chaos.lines(chaos.cluster.instanceName(CUT))).some(
    (start) => start.roomId === fixture.roomId,
  );
  const elsewhere = room.chatters[1];
  const served = elsewhere
    ? await Promise.race([say(elsewhere, 'after').then(() => true), sleep(10_000).then(() => false)])
    : false;
  return {
    hostedOnCut,
    served,
    detail: `room ${fixture.roomId} ${hostedOnCut ? 'hosted on lablive-3' : 'hosted elsewhere'}; a person on lablive-1 ${served ? 'chatted in it' : 'got no answer in 10 s'}`,
    chatters: room.chatters,
  };
}

/** A person entering, on lablive-3 and only there, a room hosted elsewhere: how soon a live event arrives. */
async function followFromCut(chaos: ChaosCluster, room: Room, token: string) {
  const chatter = openChatter({
    name: `r${room.roomId}-late-on-3`,
    token,
    roomId: room.roomId,
    instance: CUT,
    url: () => socketUrl(chaos.cluster.instanceUrl(CUT)),
  });
  const started = now();
  await chatter.client.joined();
  const joinedAt = chatter.client.lastVersion();
  const receivedMs = await waitUntil(() => chatter.client.lastVersion() > joinedAt, 'a live event', 30_000)
    .then(() => now() - started)
    .catch(() => Number.NaN);
  return { roomId: room.roomId, chatter, receivedMs };
}
