// Three LabLive instances as processes on the test database and NATS, behind HAProxy when it is
// installed (npm run cluster's topology): people on different instances see one conversation; the
// instance hosting a room killed (SIGKILL) or drained (SIGTERM) in the middle of a burst of commands
// loses nothing acknowledged and delivers nothing twice, and the log has no gap or duplicate.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { roomStreamId } from '@lablive/domain';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  TEST_ACCESS_SECRET,
  type TestDatabase,
} from '@lablive/testkit';
import {
  type ClusterClient,
  type CommandResult,
  findHaproxy,
  type LocalCluster,
  metricValue,
  openClusterClient,
  scrape,
  startLocalCluster,
} from '@lablive/testkit/cluster';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { readStream } from '../event-store/index.ts';
import { createOutboxMailer } from '../mail/mailer.ts';

const natsUrl = inject('natsUrl');
const skipReason = inject('natsSkipReason');
const balancer = findHaproxy() === null ? 'instances directly (HAProxy not installed)' : 'HAProxy';
const DRAIN_NOTICE_MS = 400;
/** Short, so a dead instance's connections leave the rooms within the test (45 s in production). */
const PRESENCE_SWEEP_AFTER_MS = 1_500;

const ws = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/ws`;

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

type Sent = { client: ClusterClient; messageId: string; firstSentAt: number; result: CommandResult };

/** Each client sends `count` chat messages, one every `everyMs`; resolves when all are answered. */
async function burst(clients: ClusterClient[], count: number, everyMs: number): Promise<Sent[]> {
  const sent: Array<Promise<Sent>> = [];
  for (let index = 0; index < count; index++) {
    for (const client of clients) {
      const messageId = randomUUID();
      const firstSentAt = Date.now();
      sent.push(
        client
          .send({ type: 'SendChatMessage', data: { messageId, text: `${client.name} #${index}` } })
          .then((result) => ({ client, messageId, firstSentAt, result })),
      );
    }
    await sleep(everyMs);
  }
  return Promise.all(sent);
}

const chatIds = (client: ClusterClient) =>
  client.received.flatMap((delivered) =>
    delivered.event.type === 'ChatMessageSent' ? [delivered.event.data.messageId] : [],
  );

describe.runIf(natsUrl !== null)(
  natsUrl === null
    ? `three instances (skipped: ${skipReason})`
    : `three instances over NATS, clients reconnecting through ${balancer}`,
  () => {
    let test: TestDatabase;
    let app: FastifyInstance;
    let cluster: LocalCluster;
    let dataDir: string;
    let labId: number;
    let eventId: number;
    const clients: ClusterClient[] = [];

    beforeAll(async () => {
      test = await createTestDatabase();
      app = await buildTestApp(test, {
        mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
      });
      labId = await createLab(test.db, 'Lab', ['polls']);
      eventId = (await createEvent(test.db, { labId, slug: 'failover', rooms: 0 })).eventId;
      dataDir = await mkdtemp(path.join(tmpdir(), 'lablive-cluster-'));
      cluster = await startLocalCluster({
        databaseUrl: test.url,
        natsUrl: natsUrl ?? '',
        busSubjectPrefix: `test.${test.name}`,
        accessTokenSecret: TEST_ACCESS_SECRET,
        dataDir,
        env: {
          LOG_LEVEL: 'warn',
          DRAIN_NOTICE_MS: String(DRAIN_NOTICE_MS),
          DRAIN_TIMEOUT_MS: '5000',
          PRESENCE_SWEEP_AFTER_MS: String(PRESENCE_SWEEP_AFTER_MS),
        },
      });
    });
    afterAll(async () => {
      for (const client of clients) client.close();
      await cluster?.stop();
      await app?.close();
      await test?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    async function newRoom(): Promise<number> {
      const room = await test.db
        .insertInto('rooms')
        .values({ event_id: eventId, lab_id: labId, opentok_session_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return room.id;
    }

    /** An instance other than `avoid` that runs now, for reconnecting without a load balancer. */
    function survivor(avoid: number): string {
      if (cluster.balancerUrl) return cluster.balancerUrl;
      for (let index = 0; index < cluster.size; index++) {
        if (index !== avoid && cluster.instance(index)?.running()) return cluster.instanceUrl(index);
      }
      throw new Error('no instance left');
    }

    /**
     * A participant of the room on instance `index`, reconnecting through the balancer afterwards, or
     * only ever to that instance (someone who closed the laptop as it died) with `reconnects: false`.
     */
    async function person(
      roomId: number,
      index: number,
      name: string,
      options: { reconnects?: boolean } = {},
    ): Promise<ClusterClient & { participantId: number }> {
      const who = await enterRoomAs(test.db, app, {
        labId,
        eventId,
        roomId,
        role: 'participant',
        email: `${name}-${roomId}@x.org`,
      });
      const client = openClusterClient({
        name,
        token: who.token,
        roomId,
        url: (attempt) =>
          ws(attempt === 1 || options.reconnects === false ? cluster.instanceUrl(index) : survivor(index)),
      });
      clients.push(client);
      await client.joined();
      return Object.assign(client, { participantId: who.participantId });
    }

    async function hostedOn(index: number): Promise<number> {
      return metricValue(await scrape(cluster.instanceMetricsUrl(index)), 'lablive_rooms_hosted');
    }

    /** Every acknowledged message reached every client once, in one order; the log is whole. */
    async function expectExactlyOnce(roomId: number, people: ClusterClient[], sent: Sent[]) {
      const failed = sent.filter((item) => !item.result.ok);
      expect(failed.map((item) => item.result)).toEqual([]);
      const acknowledged = sent.map((item) => item.messageId);
      await waitFor(
        () => people.every((client) => acknowledged.every((id) => chatIds(client).includes(id))),
        'every client to receive every acknowledged message',
      );
      const stored = await readStream(test.db, roomStreamId(roomId));
      expect(stored.map((event) => event.streamVersion)).toEqual(stored.map((_, index) => index + 1));
      const storedChats = stored.flatMap((event) =>
        event.type === 'ChatMessageSent' ? [{ version: event.streamVersion, event }] : [],
      );
      expect(storedChats).toHaveLength(acknowledged.length);
      const versionOf = new Map(
        stored.flatMap((event) => {
          const data = event.data;
          return event.type === 'ChatMessageSent' && typeof data === 'object' && data && 'messageId' in data
            ? [[String(data.messageId), event.streamVersion] as const]
            : [];
        }),
      );
      for (const item of sent) {
        if (item.result.ok) expect(item.result.version).toBe(versionOf.get(item.messageId));
      }
      const [first] = people;
      if (!first) throw new Error('no people');
      const order = chatIds(first);
      for (const client of people) {
        expect(client.duplicates, `${client.name} duplicates`).toEqual([]);
        expect(client.gaps, `${client.name} gaps`).toEqual([]);
        const ids = chatIds(client);
        expect(new Set(ids).size, `${client.name} received a message twice`).toBe(ids.length);
        expect(ids).toEqual(order);
      }
    }

    it('gives people on different instances one conversation, in one order; reports health and metrics', async () => {
      const roomId = await newRoom();
      const people = [
        await person(roomId, 0, 'ana'),
        await person(roomId, 1, 'bob'),
        await person(roomId, 2, 'cy'),
      ];
      const sent = await burst(people, 10, 20);
      await expectExactlyOnce(roomId, people, sent);
      expect((await Promise.all([0, 1, 2].map(hostedOn))).reduce((a, b) => a + b, 0)).toBe(1);

      for (let index = 0; index < 3; index++) {
        const url = cluster.instanceUrl(index);
        expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
        const ready = await fetch(`${url}/api/health/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({
          status: 'ready',
          draining: false,
          bus: 'ok',
          leases: 'ok',
        });
        const metrics = await scrape(cluster.instanceMetricsUrl(index));
        // Not on the application's port: there the path is the web app's, never the registry.
        expect(await (await fetch(`${url}/metrics`)).text()).not.toContain('lablive_sockets_open');
        expect(metricValue(metrics, 'lablive_sockets_open')).toBe(1);
        expect(metricValue(metrics, 'lablive_fanout_delay_seconds_count')).toBeGreaterThan(0);
        expect(metrics).toContain('nodejs_eventloop_lag_seconds');
      }
      const host = (await Promise.all([0, 1, 2].map(hostedOn))).indexOf(1);
      const hostMetrics = await scrape(cluster.instanceMetricsUrl(host));
      expect(metricValue(hostMetrics, 'lablive_append_duration_seconds_count')).toBeGreaterThan(0);
      const other = await scrape(cluster.instanceMetricsUrl((host + 1) % 3));
      expect(
        metricValue(other, 'lablive_bus_request_duration_seconds_count', { kind: 'cmd', outcome: 'ok' }),
      ).toBeGreaterThan(0);
      if (cluster.balancerUrl) expect((await fetch(`${cluster.balancerUrl}/metrics`)).status).toBe(404);
      for (const client of people) client.close();
    });

    it('loses nothing acknowledged when the hosting instance is killed during a burst', async () => {
      const roomId = await newRoom();
      const before = await hostedOn(0);
      // The first to join is on instance 1 (index 0): its instance takes the room.
      const people = [await person(roomId, 0, 'k1')];
      expect(await hostedOn(0)).toBe(before + 1);
      people.push(
        await person(roomId, 0, 'k2'),
        await person(roomId, 1, 'k3'),
        await person(roomId, 1, 'k4'),
        await person(roomId, 2, 'k5'),
        await person(roomId, 2, 'k6'),
      );

      const running = burst(people, 30, 60);
      await sleep(600);
      const killedAt = Date.now();
      cluster.kill(0, 'SIGKILL');
      const sent = await running;

      const after = sent.filter((item) => item.firstSentAt >= killedAt && item.result.ok);
      const firstAckAfterKill = Math.min(
        ...after.map((item) => (item.result.ok ? item.result.ackedAt : Number.POSITIVE_INFINITY)),
      );
      console.log(
        `[failover] room accepting commands again ${Math.round(firstAckAfterKill - killedAt)} ms after SIGKILL of its host; ` +
          `${sent.filter((item) => item.result.ok && item.result.attempts > 1).length} of ${sent.length} commands were sent again; ` +
          `slowest acknowledgement ${Math.round(Math.max(...sent.map((item) => (item.result.ok ? item.result.ackedAt - item.result.sentAt : 0))))} ms`,
      );
      expect(firstAckAfterKill - killedAt).toBeLessThan(3_000);
      await expectExactlyOnce(roomId, people, sent);
      const catchUps = [1, 2].map(async (index) =>
        metricValue(await scrape(cluster.instanceMetricsUrl(index)), 'lablive_fanout_catchups_total'),
      );
      console.log(
        `[failover] sockets that read a gap from the log: ${(await Promise.all(catchUps)).join(' + ')}`,
      );
      for (const client of people.slice(0, 2)) expect(client.connections()).toBeGreaterThan(1);
      expect((await hostedOn(1)) + (await hostedOn(2))).toBeGreaterThan(0);
      for (const client of people) client.close();
      await cluster.start(0);
    });

    it("takes a killed instance's connections out of its rooms: who reconnected stays, who did not is gone", async () => {
      const roomId = await newRoom();
      const host = await person(roomId, 0, 'host-side');
      const moves = await person(roomId, 2, 'moves');
      const vanishes = await person(roomId, 2, 'vanishes', { reconnects: false });
      const presence = async () =>
        (await readStream(test.db, roomStreamId(roomId))).filter((event) =>
          ['ParticipantLeft', 'ParticipantConnectionClosed', 'ParticipantReconnected'].includes(event.type),
        );
      expect(await presence()).toEqual([]);

      const killedAt = Date.now();
      cluster.kill(2, 'SIGKILL');
      const about = (events: Awaited<ReturnType<typeof presence>>, participantId: number) =>
        events
          .filter((event) => (event.data as { participantId: number }).participantId === participantId)
          .map((event) => `${event.type} ${(event.data as { reason?: string }).reason ?? ''}`.trim());
      let events = await presence();
      await waitFor(async () => {
        events = await presence();
        return (
          about(events, vanishes.participantId).length > 0 && about(events, moves.participantId).length > 1
        );
      }, "the dead instance's connections to leave the room");
      const sweptAfterMs = Date.now() - killedAt;
      // The one who vanished is shown gone, as a lost connection; the one who reconnected through the
      // balancer has a new connection, so only the dead one closed; the host side is untouched.
      expect(about(events, vanishes.participantId)).toEqual(['ParticipantLeft connection_lost']);
      expect(about(events, moves.participantId)).toEqual([
        'ParticipantReconnected',
        'ParticipantConnectionClosed connection_lost',
      ]);
      expect(about(events, host.participantId)).toEqual([]);
      expect(sweptAfterMs).toBeGreaterThanOrEqual(PRESENCE_SWEEP_AFTER_MS);
      console.log(`[failover] dead instance's connections left the room ${sweptAfterMs} ms after SIGKILL`);
      // Everyone still there sees it: the departure reached the host side's client.
      await waitFor(
        () =>
          host.received.some(
            (delivered) =>
              delivered.event.type === 'ParticipantLeft' &&
              delivered.event.data.participantId === vanishes.participantId,
          ),
        'the departure to reach the others',
      );
      for (const client of [host, moves, vanishes]) client.close();
      await cluster.start(2);
    });

    it('loses nothing in a drain: readiness first, then 4003, then the rooms move', async () => {
      const roomId = await newRoom();
      const before = await hostedOn(1);
      const people = [await person(roomId, 1, 'd1')];
      expect(await hostedOn(1)).toBe(before + 1);
      people.push(
        await person(roomId, 1, 'd2'),
        await person(roomId, 0, 'd3'),
        await person(roomId, 0, 'd4'),
        await person(roomId, 2, 'd5'),
        await person(roomId, 2, 'd6'),
      );
      const draining = cluster.instance(1);
      if (!draining) throw new Error('instance 2 is not running');

      const running = burst(people, 30, 60);
      await sleep(600);
      const termAt = Date.now();
      cluster.kill(1, 'SIGTERM');
      const exitedAt = draining.exited.then(() => Date.now());
      // During the notice, sockets stay open but the instance says it is not ready and refuses new ones.
      await waitFor(
        async () => (await fetch(`${draining.url}/api/health/ready`)).status === 503,
        'readiness 503',
        2_000,
      );
      const upgrade = await new Promise<number>((resolve) => {
        const socket = new WebSocket(ws(draining.url));
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('error', () => resolve(0));
      });
      expect(upgrade).toBe(503);
      const sent = await running;
      const code = await draining.exited;
      console.log(
        `[failover] the hosting instance drained and exited ${(await exitedAt) - termAt} ms after SIGTERM`,
      );

      expect(code).toBe(0);
      await expectExactlyOnce(roomId, people, sent);
      for (const client of people.slice(0, 2)) expect(client.closeCodes).toContain(4003);
      expect((await hostedOn(0)) + (await hostedOn(2))).toBeGreaterThan(0);
      for (const client of people) client.close();
    });
  },
);
