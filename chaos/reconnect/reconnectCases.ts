// The reconnection scenario's cases (reconnection.ts runs them in turn): each breaks the person's room
// socket one way, waits for the browser's client to resume, and says how long it took against 3 s.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultyProxy } from '@lablive/testkit/cluster';
import { metricValue, scrape } from '@lablive/testkit/cluster';
import type { ChaosCluster } from '../lib/chaosCluster.ts';
import { type Chatter, roomLog } from '../lib/chatRooms.ts';
import { type Check, check, type Figure, figure } from '../lib/scenario.ts';
import { firstDropAfter, firstRejoinAfter, type ObservedClient, openBrowserClient } from './browserClient.ts';

export const RESUME_WITHIN_MS = 3000;
/** The browser client's heartbeat period (@lablive/client's default, which apps/web keeps). */
export const HEARTBEAT_MS = 20_000;
/** A dead socket noticed while the person chats (issue 31: resumed within 3 s, plus the person's next message). */
const NOTICED_WITHIN_MS = 5000;
const IDLE_CLOSE_MS = 5000;
const now = () => performance.timeOrigin + performance.now();
const seconds = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms / 100) / 10} s` : 'never');

export type World = {
  chaos: ChaosCluster;
  proxy: FaultyProxy;
  /** The person's socket address: the proxy in front of the balancer. */
  url: string;
  roomId: number;
  token: string;
  speaker: Chatter;
  person: ObservedClient;
  /** Every browser client the person had, in order (a full reconnect makes a new one). */
  people: ObservedClient[];
  chatting: boolean;
};

export type CaseResult = { name: string; checks: Check[]; figures: Figure[] };

/** Waits for the person's first rejoin after `from`; the time from `dropAt` to it. */
async function resumed(world: World, from: number, timeoutMs: number): Promise<number> {
  const deadline = now() + timeoutMs;
  while (now() < deadline) {
    const at = firstRejoinAfter(world.person, from);
    if (Number.isFinite(at)) return at;
    await sleep(25);
  }
  return Number.NaN;
}

function resumeCheck(name: string, dropAt: number, resumedAt: number): Check {
  const took = resumedAt - dropAt;
  return check(
    `${name}: resumed within ${RESUME_WITHIN_MS / 1000} s`,
    took <= RESUME_WITHIN_MS,
    `${seconds(took)} from the drop`,
  );
}

export async function signalReset(world: World): Promise<CaseResult> {
  const at = now();
  world.proxy.refuse();
  world.proxy.restore();
  const back = await resumed(world, at, 30_000);
  return { name: 'reset', checks: [resumeCheck('signal drop (reset)', at, back)], figures: [] };
}

export async function signalBlackHole(world: World): Promise<CaseResult> {
  const at = now();
  world.proxy.blackhole({ newConnections: 'pass' });
  const back = await resumed(world, at, 3 * HEARTBEAT_MS);
  world.proxy.restore();
  const noticed = firstDropAfter(world.person, at);
  return {
    name: 'black hole',
    checks: [
      check(
        'signal drop (black hole): the client notices the dead socket while the person chats',
        noticed - at <= NOTICED_WITHIN_MS,
        `after ${seconds(noticed - at)} (bound ${NOTICED_WITHIN_MS / 1000} s: the person writes every 1.2 s, a message unanswered 1.5 s sends a ping and a witness socket, and the socket is given up 0.5 s after the witness's pong)`,
      ),
      resumeCheck('signal drop (black hole), once noticed', noticed, back),
    ],
    figures: [figure('black hole: from the cut to resumed', seconds(back - at))],
  };
}

/** The room sockets open on each instance now. */
async function socketsPerInstance(world: World): Promise<number[]> {
  const { cluster } = world.chaos;
  return Promise.all(
    Array.from({ length: cluster.size }, async (_, index) =>
      cluster.instance(index)?.running()
        ? metricValue(await scrape(cluster.instanceMetricsUrl(index)), 'lablive_sockets_open')
        : 0,
    ),
  );
}

export async function serverLeave(world: World): Promise<CaseResult> {
  const { cluster } = world.chaos;
  // Two people are in the room: the speaker on lablive-1 (unless it had to reconnect) and the person
  // wherever the balancer put them.
  const open = await socketsPerInstance(world);
  if (world.speaker.client.connections() === 1) open[0] = (open[0] ?? 0) - 1;
  const index = open.indexOf(Math.max(...open));
  const at = now();
  const stopped = cluster.instance(index)?.stop();
  const back = await resumed(world, at, 30_000);
  const dropped = firstDropAfter(world.person, at);
  await stopped;
  await cluster.start(index);
  return {
    name: 'drain',
    checks: [resumeCheck(`server leave (lablive-${index + 1} drained)`, dropped, back)],
    figures: [figure('server leave: from SIGTERM to resumed', seconds(back - at))],
  };
}

export async function fullReconnect(world: World): Promise<CaseResult> {
  const at = now();
  world.person.close();
  const fresh = await openBrowserClient({ url: world.url, token: world.token, roomId: world.roomId });
  const back = now();
  world.person = fresh;
  world.people.push(fresh);
  // The welcome's chat is the latest messages stored up to its version (the live state keeps the latest).
  const stored = (await roomLog(world.chaos.db, world.roomId)).filter(
    (event) => event.type === 'ChatMessageSent' && event.version <= fresh.welcomedAt,
  );
  const storedIds = stored.map((event) => String(event.messageId));
  const shown = fresh.welcomeChat;
  const same = storedIds.slice(-shown.length).join() === shown.join() && new Set(shown).size === shown.length;
  const total = fresh.handle.state.chat.total;
  return {
    name: 'full reconnect',
    checks: [
      resumeCheck('full reconnect (a fresh welcome)', at, back),
      check(
        'full reconnect: the welcome shows every message once',
        same && total === storedIds.length,
        `the latest ${shown.length} messages ${same ? 'as stored' : 'differ from the log'}, total ${total} of ${storedIds.length} stored`,
      ),
    ],
    figures: [],
  };
}

/** The room goes quiet while a proxy closes connections idle for 5 s; each close must be resumed. */
export async function idleProxy(world: World, quietMs: number): Promise<CaseResult> {
  world.chatting = false;
  await sleep(1000);
  const at = now();
  const closedBefore = world.proxy.stats().closedIdle;
  world.proxy.closeIdle(IDLE_CLOSE_MS);
  await sleep(quietMs);
  world.proxy.closeIdle(null);
  await sleep(RESUME_WITHIN_MS);
  world.chatting = true;
  const closes = world.proxy.stats().closedIdle - closedBefore;
  const drops = world.person.statuses.filter((entry) => entry.at >= at && entry.status === 'reconnecting');
  const waits = drops.map((drop) => firstRejoinAfter(world.person, drop.at) - drop.at);
  const worst = Math.max(
    0,
    ...waits.map((wait) => (Number.isFinite(wait) ? wait : Number.POSITIVE_INFINITY)),
  );
  return {
    name: 'idle proxy',
    checks: [
      check(
        `idle proxy (${IDLE_CLOSE_MS / 1000} s): kept alive, or every close resumed within ${RESUME_WITHIN_MS / 1000} s`,
        closes === 0 || (drops.length > 0 && worst <= RESUME_WITHIN_MS),
        closes === 0
          ? `no connection closed in ${quietMs / 1000} s of quiet`
          : `${closes} closes, ${drops.length} drops seen, slowest resume ${seconds(worst)}`,
      ),
    ],
    figures: [figure(`idle proxy: closes in ${quietMs / 1000} s of quiet`, closes)],
  };
}
