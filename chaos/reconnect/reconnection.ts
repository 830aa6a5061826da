// Issue 31, part 5: the room socket's reconnection scenarios, as LiveKit names them, run with the browser's
// own client logic (@lablive/client, browserClient.ts) while chat flows. The person's socket goes through
// a faulty TCP proxy to the load balancer; another person chats on through the cluster. Cases:
//   signal drop, reset        the proxy resets the connection;
//   signal drop, black hole   the connection goes silent (a phone changing network): only the protocol's
//                             heartbeat can notice, within two of its periods;
//   server leave              the instance the person is on drains (SIGTERM);
//   full reconnect            the page reloaded: a new client joins from scratch (a fresh welcome);
//   idle proxy                a proxy closing connections idle for 5 s while the room is quiet.
// Each: time from the drop to resumed (≤ 3 s), and the chat around it neither lost nor doubled.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultyProxy } from '@lablive/testkit/cluster';
import { metricValue, scrape, startFaultyProxy } from '@lablive/testkit/cluster';
import { type ChaosCluster, socketUrl, startChaosCluster } from '../lib/chaosCluster.ts';
import {
  type Chatter,
  logVersion,
  openChatter,
  readRoomLog,
  type SentChat,
  say,
} from '../lib/chatTraffic.ts';
import {
  type Check,
  check,
  type Figure,
  figure,
  type ScenarioContext,
  type ScenarioOutcome,
} from '../lib/scenario.ts';
import { firstDropAfter, firstRejoinAfter, type ObservedClient, openBrowserClient } from './browserClient.ts';

const RESUME_WITHIN_MS = 3000;
/** The browser client's heartbeat period (@lablive/client's default, which apps/web keeps). */
const HEARTBEAT_MS = 20_000;
const IDLE_CLOSE_MS = 5000;
const now = () => performance.timeOrigin + performance.now();
const seconds = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms / 100) / 10} s` : 'never');

type World = {
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

type CaseResult = { name: string; checks: Check[]; figures: Figure[] };

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

async function signalReset(world: World): Promise<CaseResult> {
  const at = now();
  world.proxy.refuse();
  world.proxy.restore();
  const back = await resumed(world, at, 30_000);
  return { name: 'reset', checks: [resumeCheck('signal drop (reset)', at, back)], figures: [] };
}

async function signalBlackHole(world: World): Promise<CaseResult> {
  const at = now();
  world.proxy.blackhole({ newConnections: 'pass' });
  const back = await resumed(world, at, 3 * HEARTBEAT_MS);
  world.proxy.restore();
  const noticed = firstDropAfter(world.person, at);
  return {
    name: 'black hole',
    checks: [
      check(
        'signal drop (black hole): the heartbeat notices the dead socket',
        noticed - at <= 2 * HEARTBEAT_MS,
        `after ${seconds(noticed - at)} (bound: two heartbeat periods, ${(2 * HEARTBEAT_MS) / 1000} s)`,
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

async function serverLeave(world: World): Promise<CaseResult> {
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

async function fullReconnect(world: World): Promise<CaseResult> {
  const at = now();
  world.person.close();
  const fresh = await openBrowserClient({ url: world.url, token: world.token, roomId: world.roomId });
  const back = now();
  world.person = fresh;
  world.people.push(fresh);
  // The welcome's chat is the latest messages stored up to its version (the live state keeps the latest).
  const stored = (await readRoomLog(world.chaos.db, world.roomId)).filter(
    (event) => event.type === 'ChatMessageSent' && event.version <= fresh.welcomedAt,
  );
  const storedIds = stored.map((event) => String((event.data as { messageId?: unknown }).messageId));
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
async function idleProxy(world: World, quietMs: number): Promise<CaseResult> {
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

/** The speaker every 400 ms and the person every second, while `world.chatting`. */
function chatAlong(world: World): () => Promise<void> {
  const inFlight: Array<Promise<void>> = [];
  let tick = 0;
  const timer = setInterval(() => {
    if (!world.chatting) return;
    tick++;
    inFlight.push(say(world.speaker, `speaker #${tick}`));
    if (tick % 3 === 0) inFlight.push(world.person.say(`person #${tick}`));
  }, 400);
  return async () => {
    clearInterval(timer);
    await Promise.race([Promise.all(inFlight), sleep(30_000)]);
  };
}

/** Neither lost nor doubled: each client's versions follow without a hole or a repeat, and its chat is the log's. */
async function chatIntact(world: World): Promise<Check[]> {
  const log = await readRoomLog(world.chaos.db, world.roomId);
  const checks: Check[] = [];
  for (const [index, person] of world.people.entries()) {
    const holes = person.versions.filter(
      (version, i) => version !== (person.versions[i - 1] ?? person.welcomedAt) + 1,
    );
    const last = person.versions.at(-1) ?? person.welcomedAt;
    const expected = log
      .filter(
        (event) =>
          event.type === 'ChatMessageSent' && event.version > person.welcomedAt && event.version <= last,
      )
      .map((event) => String((event.data as { messageId?: unknown }).messageId));
    const got = person.liveChat;
    checks.push(
      check(
        `client ${index + 1}: chat neither lost nor doubled`,
        holes.length === 0 && expected.join() === got.join(),
        `${person.versions.length} events, ${holes.length} out of sequence; ${got.length} messages seen, ${expected.length} stored in that span`,
      ),
    );
  }
  const acknowledged = [...world.speaker.sent, ...world.people.flatMap((person) => person.sent)].filter(
    (sent) => sent.ok === true,
  );
  const storedIds = new Map<string, number>();
  for (const event of log) {
    const id = String((event.data as { messageId?: unknown } | null)?.messageId);
    if (event.type === 'ChatMessageSent') storedIds.set(id, (storedIds.get(id) ?? 0) + 1);
  }
  const notOnce = acknowledged.filter((sent) => storedIds.get(sent.messageId) !== 1).length;
  const all = [...world.speaker.sent, ...world.people.flatMap((person) => person.sent)];
  const abandoned = all.filter((sent) => sent.abandoned).length;
  const unanswered = all.filter((sent) => sent.ok !== true && !sent.abandoned).length;
  checks.push(
    check(
      'every message sent was acknowledged and stored once',
      notOnce === 0 && unanswered === 0,
      `${acknowledged.length} acknowledged, ${unanswered} not${refusals(all)} (${abandoned} left waiting by the closed page, not counted), ${notOnce} not stored exactly once`,
    ),
  );
  return checks;
}

/** The refusals' codes, counted: " (overloaded ×3)". */
function refusals(sent: readonly SentChat[]): string {
  const codes = new Map<string, number>();
  for (const entry of sent) if (entry.refused) codes.set(entry.refused, (codes.get(entry.refused) ?? 0) + 1);
  return codes.size === 0 ? '' : ` [${[...codes].map(([code, count]) => `${code} ×${count}`).join(', ')}]`;
}

export async function run(context: ScenarioContext): Promise<ScenarioOutcome> {
  const chaos = await startChaosCluster('reconnect', context.natsUrl);
  const { cluster } = chaos;
  const front = new URL(cluster.balancerUrl ?? cluster.instanceUrl(0));
  const proxy = await startFaultyProxy({ host: front.hostname, port: Number(front.port) });
  const url = socketUrl(`http://${proxy.address}`);
  const [room] = await chaos.rooms('room', 1, 2);
  if (!room) throw new Error('no room');
  const speaker = openChatter({
    name: 'speaker',
    token: room.tokens[0] ?? '',
    roomId: room.roomId,
    instance: 0,
    url: (attempt) =>
      socketUrl(
        attempt === 1 ? cluster.instanceUrl(0) : (cluster.balancerUrl ?? cluster.instanceUrl(attempt % 3)),
      ),
  });
  await speaker.client.joined();
  const token = room.tokens[1] ?? '';
  const person = await openBrowserClient({ url, token, roomId: room.roomId });
  const world: World = {
    chaos,
    proxy,
    url,
    roomId: room.roomId,
    token,
    speaker,
    person,
    people: [person],
    chatting: true,
  };
  context.log(`the person's socket: ${url} → ${cluster.balancerUrl ? 'HAProxy' : 'lablive-1'}`);
  const stopChat = chatAlong(world);
  const results: CaseResult[] = [];
  for (const [label, step] of [
    ['signal drop, reset', () => signalReset(world)],
    ['signal drop, black hole', () => signalBlackHole(world)],
    ['server leave', () => serverLeave(world)],
    ['full reconnect', () => fullReconnect(world)],
    ['idle proxy', () => idleProxy(world, context.quick ? 12_000 : 30_000)],
  ] as const) {
    await sleep(2000);
    context.log(label);
    results.push(await step());
  }
  await sleep(2000);
  await stopChat();
  const version = await logVersion(chaos.db, room.roomId);
  const deadline = now() + 15_000;
  while (now() < deadline && world.person.handle.version < version) await sleep(50);
  const intact = await chatIntact(world);
  for (const client of world.people) client.close();
  speaker.client.close();
  await proxy.close();
  return {
    setup: `Three instances${cluster.balancerUrl ? ' behind HAProxy' : ''} on this machine's PostgreSQL and NATS; one room: a person with the browser's client (@lablive/client, default heartbeat ${HEARTBEAT_MS / 1000} s) through a faulty TCP proxy to the balancer, chatting every 1.2 s, and another chatting every 0.4 s on lablive-1.`,
    checks: [...results.flatMap((result) => result.checks), ...intact],
    figures: results.flatMap((result) => result.figures),
  };
}
