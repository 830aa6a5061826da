// Issue 31, part 2: one of three instances cut from NATS for 30 s (--quick: 8 s). Instance 3 reaches NATS
// through a faulty proxy that black-holes its connection (nothing passes, nothing closes, as in a
// partition), while people chat in rooms hosted by every instance, with a socket on every instance in
// every room. Checks: every acknowledged message stored once, every client's events exactly the room's
// log; how long each kind of room was unavailable to which sockets; whether instance 3's rooms moved or
// kept serving; that instance 3 serves again after the partition and told the operator (readiness, log).
import { setTimeout as sleep } from 'node:timers/promises';
import { metricValue, scrape, startFaultyProxy } from '@lablive/testkit/cluster';
import { type ChaosCluster, socketUrl, startChaosCluster } from '../lib/chaosCluster.ts';
import {
  type Chatter,
  chatContinuously,
  compareWithLog,
  logVersion,
  longestCommandWait,
  longestSilence,
  openChatter,
  say,
} from '../lib/chatTraffic.ts';
import { hostStarts, linesMatching, watchReadiness } from '../lib/instanceWatch.ts';
import {
  type Check,
  check,
  type Figure,
  figure,
  type ScenarioContext,
  type ScenarioOutcome,
  waitUntil,
} from '../lib/scenario.ts';

const CUT = 2; // instance 3
const ROOMS = 6;
const CHAT_EVERY_MS = 500;
/** After the partition, how long a room may take to serve everyone again. */
const BACK_WITHIN_MS = 10_000;
const now = () => performance.timeOrigin + performance.now();
const seconds = (ms: number) => Math.round(ms / 100) / 10;

type Room = { roomId: number; host: number; chatters: Chatter[] };

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

/** Samples instance 3's lablive_bus_up gauge every second until stopped. */
function sampleBusUp(metricsUrl: string) {
  const samples: Array<{ at: number; up: number }> = [];
  const timer = setInterval(() => {
    void scrape(metricsUrl)
      .then((text) => samples.push({ at: now(), up: metricValue(text, 'lablive_bus_up') }))
      .catch(() => {});
  }, 1000);
  return { samples, stop: () => clearInterval(timer) };
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
  const name = (index: number) => cluster.instanceName(index);
  context.log(
    `cluster up (${cluster.balancerUrl ? 'HAProxy' : 'no balancer'}); lablive-3's NATS via ${proxy.address}`,
  );

  const fixtures = await chaos.rooms('rooms', ROOMS + 1, 3);
  const rooms: Room[] = [];
  for (const [index, fixture] of fixtures.slice(0, ROOMS).entries())
    rooms.push(await openRoom(chaos, fixture.roomId, fixture.tokens, index % 3));
  const chatters = rooms.flatMap((room) => room.chatters);
  const placedAsAsked = rooms.filter((room) =>
    hostStarts(chaos.lines(name(room.host))).some((start) => start.roomId === room.roomId),
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

  // Instance 3 serves again: every socket there catches up with what its room had at the restore.
  const versionsAtRestore = new Map(
    await Promise.all(
      rooms.map(async (room) => [room.roomId, await logVersion(chaos.db, room.roomId)] as const),
    ),
  );
  const onCut = chatters.filter((chatter) => chatter.instance === CUT);
  const caughtUpMs = await waitUntil(
    () => onCut.every((c) => c.client.lastVersion() >= (versionsAtRestore.get(c.roomId) ?? 0)),
    "lablive-3's sockets to catch up",
    60_000,
  ).catch(() => Number.NaN);
  const rejoin = await placeNewRoom(chaos, fixtures[ROOMS]);
  await sleep(5000);
  const endedAt = now();
  const settled = await Promise.race([stopChat().then(() => true), sleep(60_000).then(() => false)]);
  readiness.stop();
  busUp.stop();
  await waitUntil(
    async () => {
      for (const chatter of chatters)
        if (chatter.client.lastVersion() < (await logVersion(chaos.db, chatter.roomId))) return false;
      return true;
    },
    'every client to reach its room log',
    30_000,
  ).catch(() => undefined);
  const compared = await compareWithLog(chaos.db, [...chatters, ...rejoin.chatters]);

  const window = { cutAt, restoredAt, endedAt };
  const outage = unavailability(rooms, window);
  const moved = roomsMoved(chaos, rooms, cutAt);
  const notReady = readiness.notReadyBetween(cutAt, restoredAt + 2000);
  const readyAgainAt = readiness.samples.find((s) => s.at > restoredAt && s.status === 200)?.at;
  const lost = linesMatching(chaos.lines(name(CUT)), /NATS (disconnected|connection stale)|NATS error/);
  const regained = linesMatching(chaos.lines(name(CUT)), /NATS reconnected/);
  const checks: Check[] = [
    check('rooms hosted where first entered', placedAsAsked === ROOMS, `${placedAsAsked} of ${ROOMS} rooms`),
    check(
      'every command answered',
      settled && compared.acknowledged > 0,
      settled
        ? `${compared.acknowledged} chat messages acknowledged`
        : 'commands still unanswered after 60 s',
    ),
    check(
      'every acknowledged message stored exactly once',
      compared.notOnce === 0,
      `${compared.notOnce} not stored once`,
    ),
    check(
      "every client's events are its room's log",
      compared.diverged.length === 0 && compared.duplicates === 0 && compared.gaps === 0,
      `${compared.duplicates} duplicates, ${compared.gaps} gaps, diverged: ${compared.diverged.join(', ') || 'none'}`,
    ),
    check(
      'rooms serve every socket again soon after the partition',
      outage.worstAfterRestore <= BACK_WITHIN_MS,
      `longest wait of a command sent after the restore ${seconds(outage.worstAfterRestore)} s (≤ ${BACK_WITHIN_MS / 1000} s)`,
    ),
    check(
      "lablive-3's sockets receive other instances' rooms again",
      Number.isFinite(caughtUpMs) && caughtUpMs <= BACK_WITHIN_MS,
      `caught up ${seconds(caughtUpMs)} s after the restore`,
    ),
    check(
      'lablive-3 hosts a new room after the partition',
      rejoin.hostedOnCut && rejoin.served,
      rejoin.detail,
    ),
    check(
      'readiness said lablive-3 could not serve during the partition, and ready after',
      notReady.length > 0 && readyAgainAt !== undefined,
      `${notReady.length} not-ready answers (first ${notReady[0] ? seconds(notReady[0].at - cutAt) : '–'} s after the cut: ${notReady[0]?.body ?? 'none'}); ready again ${readyAgainAt ? `${seconds(readyAgainAt - restoredAt)} s after the restore` : 'never'}`,
    ),
    check(
      'the log says NATS was lost and regained',
      lost.some((line) => line.at >= cutAt) && regained.some((line) => line.at >= cutAt),
      `lost: ${lost.filter((l) => l.at >= cutAt)[0]?.msg ?? 'no line'}; regained: ${regained.filter((l) => l.at >= cutAt)[0]?.msg ?? 'no line'}`,
    ),
  ];
  const figures: Figure[] = [
    ...outage.figures,
    figure(
      "lablive-3's rooms that moved during the partition",
      `${moved.moved} of ${moved.of} (${moved.where})`,
    ),
    figure(
      'lablive_bus_up on lablive-3 during the partition',
      busUpSummary(busUp.samples, cutAt, restoredAt),
    ),
    figure('proxy', JSON.stringify(proxy.stats())),
  ];
  for (const chatter of [...chatters, ...rejoin.chatters]) chatter.client.close();
  await proxy.close();
  return {
    setup: `Three instances on this machine's PostgreSQL and NATS${cluster.balancerUrl ? ' behind HAProxy' : ''}; lablive-3 reaches NATS through a TCP proxy that black-holes its connection for ${partitionMs / 1000} s. ${ROOMS} rooms, two hosted by each instance, each with a person on every instance chatting every ${CHAT_EVERY_MS} ms.`,
    checks,
    figures,
  };
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

type Window = { cutAt: number; restoredAt: number; endedAt: number };

/**
 * How long rooms were unavailable, by where the room was hosted and where the socket was: the longest
 * wait for a command's answer and the longest time without an event, from the cut to the end.
 */
function unavailability(rooms: readonly Room[], window: Window) {
  const kinds = [
    { label: "lablive-3's rooms, sockets on lablive-3", room: true, socket: true },
    { label: "lablive-3's rooms, sockets elsewhere", room: true, socket: false },
    { label: 'other rooms, sockets on lablive-3', room: false, socket: true },
    { label: 'other rooms, sockets elsewhere', room: false, socket: false },
  ];
  const figures: Figure[] = [];
  let worstAfterRestore = 0;
  for (const kind of kinds) {
    const chatters = rooms
      .filter((room) => (room.host === CUT) === kind.room)
      .flatMap((room) => room.chatters.filter((c) => (c.instance === CUT) === kind.socket));
    const wait = Math.max(...chatters.map((c) => longestCommandWait(c, window.cutAt, window.endedAt)));
    const silence = Math.max(...chatters.map((c) => longestSilence(c, window.cutAt, window.endedAt)));
    worstAfterRestore = Math.max(
      worstAfterRestore,
      ...chatters.map((c) => longestCommandWait(c, window.restoredAt, window.endedAt)),
    );
    figures.push(
      figure(
        kind.label,
        `longest command wait ${seconds(wait)} s, longest without events ${seconds(silence)} s`,
      ),
    );
  }
  return { figures, worstAfterRestore };
}

/** lablive-3's rooms that another instance started hosting after the cut. */
function roomsMoved(chaos: ChaosCluster, rooms: readonly Room[], cutAt: number) {
  const hosted = rooms.filter((room) => room.host === CUT);
  const where: string[] = [];
  for (const room of hosted) {
    for (const index of [0, 1]) {
      const start = hostStarts(chaos.lines(chaos.cluster.instanceName(index))).find(
        (s) => s.roomId === room.roomId && s.at >= cutAt,
      );
      if (start)
        where.push(`room ${room.roomId} to lablive-${index + 1} after ${seconds(start.at - cutAt)} s`);
    }
  }
  return { moved: where.length, of: hosted.length, where: where.join('; ') || 'kept on lablive-3' };
}

function busUpSummary(samples: ReadonlyArray<{ at: number; up: number }>, from: number, to: number): string {
  const during = samples.filter((s) => s.at >= from && s.at <= to);
  const firstDown = during.find((s) => s.up === 0);
  return firstDown
    ? `0 from ${seconds(firstDown.at - from)} s after the cut`
    : `stayed 1 (${during.length} samples)`;
}
