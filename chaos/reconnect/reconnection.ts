// Issue 31, part 5: the room socket's reconnection scenarios, as LiveKit names them, run with the browser's
// own client logic (@lablive/client, browserClient.ts) while chat flows. The person's socket goes through
// a faulty TCP proxy to the load balancer; another person chats on through the cluster. Cases:
//   signal drop, reset        the proxy resets the connection;
//   signal drop, black hole   the connection goes silent (a phone changing network): the client notices
//                             by its pings (a message unanswered is followed by one at once);
//   server leave              the instance the person is on drains (SIGTERM);
//   full reconnect            the page reloaded: a new client joins from scratch (a fresh welcome);
//   idle proxy                a proxy closing connections idle for 5 s while the room is quiet.
// Each: time from the drop to resumed (≤ 3 s), and the chat around it neither lost nor doubled.
import { setTimeout as sleep } from 'node:timers/promises';
import { startFaultyProxy } from '@lablive/testkit/cluster';
import { startChaosCluster } from '../lib/chaosCluster.ts';
import { logVersion, openChatter, roomLog, type SentChat, say } from '../lib/chatRooms.ts';
import { socketUrl } from '../lib/instancesOn.ts';
import { type Check, check, type ScenarioContext, type ScenarioOutcome } from '../lib/scenario.ts';
import { openBrowserClient } from './browserClient.ts';
import {
  type CaseResult,
  fullReconnect,
  HEARTBEAT_MS,
  idleProxy,
  serverLeave,
  signalBlackHole,
  signalReset,
  type World,
} from './reconnectCases.ts';

const now = () => performance.timeOrigin + performance.now();

/** The speaker every 400 ms and the person every second, while `world.chatting`. */
function chatAlong(world: World): () => Promise<void> {
  const inFlight: Array<Promise<unknown>> = [];
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
  const log = await roomLog(world.chaos.db, world.roomId);
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
      .map((event) => String(event.messageId));
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
    const id = String(event.messageId);
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
