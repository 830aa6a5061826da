// Failover and bus figures of the scale-out, on the local cluster (three instances as processes on this
// machine's PostgreSQL and NATS, HAProxy in front when installed), in a database of its own dropped at
// the end. `measureFailover()` is for `npm run bench` to call; run alone it prints the figures as text
// and as one JSON line.
//   node --experimental-strip-types scripts/measure-failover.ts
//   DATABASE_URL (a server to create the database on; default postgres://postgres@127.0.0.1:5432/postgres)
//   NATS_URL (default nats://127.0.0.1:4222)
//   MEASURE_ROUNDS (5), MEASURE_BUS_CLIENTS (12), MEASURE_BUS_EVERY_MS (100), MEASURE_BUS_SECONDS (10)
//
// failover: a room hosted by instance 1, one participant there and one on instance 2; instance 1 is
//   killed (SIGKILL) and the participant on instance 2 sends a command every 20 ms: the time from the kill
//   to the first acknowledgement is the time the room took to accept commands again. The participant of
//   the killed instance reconnects (through the load balancer) and resumes: its time to its first
//   acknowledgement is the outage as that user saw it.
// bus: the same chat load (participants each sending a message every 100 ms) with everyone on one
//   instance, then spread over three; delivery latency from the sender's send to each receiver's frame.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { type ClusterClient, openClusterClient } from '../apps/server/src/cluster/clusterClient.ts';
import { dropDatabase, ensureDatabase } from '../apps/server/src/cluster/clusterDatabase.ts';
import { type LocalCluster, startLocalCluster } from '../apps/server/src/cluster/localCluster.ts';
import {
  createMeasureEvent,
  createMeasureRoom,
  type MeasureEvent,
} from '../apps/server/src/cluster/measureRoom.ts';
import { createDb, type Db } from '../apps/server/src/db/connection.ts';

export type FailoverFigures = {
  balancer: 'haproxy' | 'none';
  failover: { rounds: number; roomBackMs: number[]; reconnectedUserMs: number[] };
  bus: {
    clients: number;
    messagesPerSecond: number;
    oneInstance: { deliveries: number; p50Ms: number; p99Ms: number };
    threeInstances: { deliveries: number; p50Ms: number; p99Ms: number };
    overheadP50Ms: number;
    overheadP99Ms: number;
  };
};

const ws = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/ws`;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

type Context = { cluster: LocalCluster; db: Db; event: MeasureEvent; clients: ClusterClient[] };

function connect(
  context: Context,
  token: string,
  roomId: number,
  instance: number,
  name: string,
  onEvents?: Parameters<typeof openClusterClient>[0]['onEvents'],
) {
  const { cluster } = context;
  const client = openClusterClient({
    name,
    token,
    roomId,
    retryDelayMs: 20,
    url: (attempt) => {
      if (attempt === 1) return ws(cluster.instanceUrl(instance));
      if (cluster.balancerUrl) return ws(cluster.balancerUrl);
      const alive = [0, 1, 2].find((index) => index !== instance && cluster.instance(index)?.running());
      return ws(cluster.instanceUrl(alive ?? 0));
    },
    ...(onEvents ? { onEvents } : {}),
  });
  context.clients.push(client);
  return client;
}

const chat = () => ({ type: 'SendChatMessage' as const, data: { messageId: randomUUID(), text: 'probe' } });

async function failoverRound(context: Context): Promise<{ roomBackMs: number; reconnectedUserMs: number }> {
  const { cluster } = context;
  const { roomId, tokens } = await createMeasureRoom(context.db, context.event, 2, cluster.instanceUrl(1));
  const [tokenA, tokenB] = tokens;
  if (!tokenA || !tokenB) throw new Error('two participants expected');
  const onKilled = connect(context, tokenA, roomId, 0, 'on-killed');
  await onKilled.joined(); // instance 1 (index 0) hosts the room from here
  const survivor = connect(context, tokenB, roomId, 1, 'survivor');
  await survivor.joined();
  for (let index = 0; index < 5; index++) await survivor.send(chat());

  const killedAt = performance.timeOrigin + performance.now();
  cluster.kill(0, 'SIGKILL');
  const userBack = onKilled.send(chat());
  let roomBack = Number.POSITIVE_INFINITY;
  const probes: Array<Promise<unknown>> = [];
  while (
    roomBack === Number.POSITIVE_INFINITY &&
    performance.timeOrigin + performance.now() - killedAt < 10_000
  ) {
    probes.push(
      survivor.send(chat()).then((result) => {
        if (result.ok) roomBack = Math.min(roomBack, result.ackedAt);
      }),
    );
    await sleep(20);
  }
  await Promise.all(probes);
  const user = await userBack;
  onKilled.close();
  survivor.close();
  await cluster.instance(0)?.exited;
  await cluster.start(0);
  return {
    roomBackMs: roomBack - killedAt,
    reconnectedUserMs: user.ok ? user.ackedAt - killedAt : Number.NaN,
  };
}

async function busLoad(context: Context, spread: boolean, clients: number, seconds: number, everyMs: number) {
  const { cluster } = context;
  const { roomId, tokens } = await createMeasureRoom(
    context.db,
    context.event,
    clients,
    cluster.instanceUrl(0),
  );
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let measuring = false;
  const people = tokens.map((token, index) =>
    connect(context, token, roomId, spread ? index % 3 : 0, `c${index}`, (events, receivedAt) => {
      if (!measuring) return;
      for (const delivered of events) {
        if (delivered.event.type !== 'ChatMessageSent') continue;
        const sent = sentAt.get(delivered.event.data.messageId);
        if (sent !== undefined) latencies.push(receivedAt - sent);
      }
    }),
  );
  // The first to join is on instance 1 (index 0) in both layouts, so the host is there.
  for (const person of people) await person.joined();
  const run = async (durationMs: number) => {
    const until = Date.now() + durationMs;
    const pending: Array<Promise<unknown>> = [];
    while (Date.now() < until) {
      const started = Date.now();
      for (const person of people) {
        const command = chat();
        sentAt.set(command.data.messageId, performance.timeOrigin + performance.now());
        pending.push(person.send(command));
        // Spread the sends over the period instead of one burst per tick.
        await sleep(everyMs / people.length);
      }
      await sleep(Math.max(0, everyMs - (Date.now() - started)));
    }
    await Promise.all(pending);
  };
  await run(2_000); // warm-up: JIT, connections, the host's first batches
  measuring = true;
  await run(seconds * 1000);
  await sleep(300);
  measuring = false;
  for (const person of people) person.close();
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    deliveries: latencies.length,
    p50Ms: round1(percentile(latencies, 50)),
    p99Ms: round1(percentile(latencies, 99)),
    messagesPerSecond: (people.length * 1000) / everyMs,
  };
}

export async function measureFailover(options: {
  databaseServerUrl: string;
  natsUrl: string;
  rounds?: number;
  busClients?: number;
  busSeconds?: number;
  /** Each bus client sends a message this often; the load is clients * 1000 / busEveryMs messages/s. */
  busEveryMs?: number;
  log?: (line: string) => void;
}): Promise<FailoverFigures> {
  const log = options.log ?? (() => {});
  const name = `lablive_measure_${randomBytes(4).toString('hex')}`;
  const databaseUrl = new URL(options.databaseServerUrl);
  databaseUrl.pathname = `/${name}`;
  await ensureDatabase(databaseUrl.toString());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lablive-measure-'));
  let cluster: LocalCluster | null = null;
  const db = createDb(databaseUrl.toString(), { max: 4 });
  const context: { clients: ClusterClient[] } = { clients: [] };
  try {
    log('starting three instances...');
    cluster = await startLocalCluster({
      databaseUrl: databaseUrl.toString(),
      natsUrl: options.natsUrl,
      busSubjectPrefix: `measure.${name}`,
      accessTokenSecret: randomBytes(48).toString('base64url'),
      dataDir,
      env: { LOG_LEVEL: 'error', LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
    });
    const full: Context = {
      cluster,
      db,
      event: await createMeasureEvent(db, name),
      clients: context.clients,
    };
    const roomBackMs: number[] = [];
    const reconnectedUserMs: number[] = [];
    for (let round = 0; round < (options.rounds ?? 5); round++) {
      const figures = await failoverRound(full);
      roomBackMs.push(Math.round(figures.roomBackMs));
      reconnectedUserMs.push(Math.round(figures.reconnectedUserMs));
      log(
        `failover round ${round + 1}: room back after ${Math.round(figures.roomBackMs)} ms, the killed instance's user after ${Math.round(figures.reconnectedUserMs)} ms`,
      );
    }
    const clients = options.busClients ?? 12;
    const seconds = options.busSeconds ?? 10;
    const everyMs = options.busEveryMs ?? 100;
    // Alternated, so that a slow moment of the machine does not land on one layout only.
    const one = [];
    const three = [];
    for (let pass = 0; pass < 2; pass++) {
      one.push(await busLoad(full, false, clients, seconds / 2, everyMs));
      three.push(await busLoad(full, true, clients, seconds / 2, everyMs));
      log(
        `bus pass ${pass + 1}: one instance p50 ${one.at(-1)?.p50Ms} ms p99 ${one.at(-1)?.p99Ms} ms; three p50 ${three.at(-1)?.p50Ms} ms p99 ${three.at(-1)?.p99Ms} ms`,
      );
    }
    // Percentiles of all the passes' deliveries together.
    const merge = (runs: Array<{ latencies: number[] }>) => {
      const pooled = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
      return {
        deliveries: pooled.length,
        p50Ms: round1(percentile(pooled, 50)),
        p99Ms: round1(percentile(pooled, 99)),
      };
    };
    const oneInstance = merge(one);
    const threeInstances = merge(three);
    return {
      balancer: cluster.balancerUrl ? 'haproxy' : 'none',
      failover: { rounds: roomBackMs.length, roomBackMs, reconnectedUserMs },
      bus: {
        clients,
        messagesPerSecond: one[0]?.messagesPerSecond ?? 0,
        oneInstance,
        threeInstances,
        overheadP50Ms: round1(threeInstances.p50Ms - oneInstance.p50Ms),
        overheadP99Ms: round1(threeInstances.p99Ms - oneInstance.p99Ms),
      },
    };
  } finally {
    for (const client of context.clients) client.close();
    await cluster?.stop();
    await db.destroy();
    await dropDatabase(databaseUrl.toString());
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const settings = z
    .object({
      DATABASE_URL: z
        .string()
        .optional()
        .transform((value) => value || 'postgres://postgres@127.0.0.1:5432/postgres'),
      NATS_URL: z
        .string()
        .optional()
        .transform((value) => value || 'nats://127.0.0.1:4222'),
      MEASURE_ROUNDS: z.coerce.number().int().positive().default(5),
      MEASURE_BUS_CLIENTS: z.coerce.number().int().positive().default(12),
      MEASURE_BUS_EVERY_MS: z.coerce.number().int().positive().default(100),
      MEASURE_BUS_SECONDS: z.coerce.number().positive().default(10),
    })
    .parse(process.env);
  const figures = await measureFailover({
    databaseServerUrl: settings.DATABASE_URL,
    natsUrl: settings.NATS_URL,
    rounds: settings.MEASURE_ROUNDS,
    busClients: settings.MEASURE_BUS_CLIENTS,
    busEveryMs: settings.MEASURE_BUS_EVERY_MS,
    busSeconds: settings.MEASURE_BUS_SECONDS,
    log: (line) => console.log(`  ${line}`),
  });
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  console.log(
    [
      '',
      `Failover (SIGKILL of the hosting instance, ${figures.failover.rounds} rounds, balancer: ${figures.balancer}):`,
      `  room accepting commands again: median ${median(figures.failover.roomBackMs)} ms, max ${Math.max(...figures.failover.roomBackMs)} ms`,
      `  a user of the killed instance reconnected and acknowledged: median ${median(figures.failover.reconnectedUserMs)} ms, max ${Math.max(...figures.failover.reconnectedUserMs)} ms`,
      `Bus (${figures.bus.clients} clients, ${figures.bus.messagesPerSecond} messages/s, delivery latency send -> frame):`,
      `  all on one instance:   p50 ${figures.bus.oneInstance.p50Ms} ms, p99 ${figures.bus.oneInstance.p99Ms} ms (${figures.bus.oneInstance.deliveries} deliveries)`,
      `  spread over three:     p50 ${figures.bus.threeInstances.p50Ms} ms, p99 ${figures.bus.threeInstances.p99Ms} ms (${figures.bus.threeInstances.deliveries} deliveries)`,
      `  the bus adds:          p50 ${figures.bus.overheadP50Ms} ms, p99 ${figures.bus.overheadP99Ms} ms`,
      '',
      JSON.stringify(figures),
    ].join('\n'),
  );
}
