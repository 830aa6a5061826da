// Several media servers: rooms go to the least loaded, every instance agrees (the choice is in the
// database), and when a server is lost its rooms' people are told at once and publish again on another.
import {
  browserOffer,
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  joinTestRoom,
  startTestJanus,
  type TestDatabase,
  type TestJanus,
  type TestSocket,
} from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';
import { startMediaServer } from './mediaServerStart.ts';
import type { MediaServers } from './mediaServers.ts';

let test: TestDatabase;
let janusA: TestJanus;
let janusB: TestJanus;
let servers: MediaServers;
let otherInstance: MediaServers;
let app: FastifyInstance;
let url: string;
const sockets: TestSocket[] = [];

const env = () => ({
  JANUS_URL: [janusA.url, janusB.url],
  JANUS_API_SECRET: janusA.apiSecret,
  JANUS_ADMIN_KEY: janusA.adminKey,
});

beforeAll(async () => {
  test = await createTestDatabase();
  // One pair of secrets for both, as an operator configures a pool.
  janusA = await startTestJanus({ rtpPorts: '40000-44999' });
  janusB = await startTestJanus({
    rtpPorts: '45000-49999',
    secrets: { apiSecret: janusA.apiSecret, adminKey: janusA.adminKey },
  });
  const started = await startMediaServer(env(), test.db, () => {});
  const other = await startMediaServer(env(), test.db, () => {});
  if (!started || !other) throw new Error('no media servers');
  servers = started;
  otherInstance = other;
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org'),
    mediaServers: servers,
  });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
}, 30_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
  await otherInstance?.close();
  await janusA?.stop();
  await janusB?.stop();
  await test?.drop();
});

describe('a pool of media servers', () => {
  it('places new rooms on the least loaded server, the same for every instance, and moves them off a lost one', async () => {
    const labId = await createLab(test.db, 'Lab pool');
    const { eventId, roomIds } = await createEvent(test.db, { labId, slug: 'pool-1', rooms: 2 });
    const [first = 0, second = 0] = roomIds;
    const placedFirst = await servers.serverFor(first);
    const placedSecond = await servers.serverFor(second);
    expect(placedSecond.url).not.toBe(placedFirst.url);
    expect((await otherInstance.serverFor(first)).url).toBe(placedFirst.url);

    // A speaker publishing in the first room, and a viewer in it.
    const speaker = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId: first,
      role: 'animator',
      email: 's@pool.test',
    });
    const viewer = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId: first,
      role: 'participant',
      email: 'v@pool.test',
    });
    const speakerSocket = await joinTestRoom(url, speaker.token, first);
    const viewerSocket = await joinTestRoom(url, viewer.token, first);
    sockets.push(speakerSocket, viewerSocket);
    speakerSocket.send({
      type: 'media',
      roomId: first,
      requestId: 'p1',
      request: { action: 'publish', source: 'camera', offer: browserOffer() },
    });
    const published = await speakerSocket.waitFor(
      (m) => m.type === 'media-reply' && m.requestId === 'p1',
      10_000,
    );
    expect(published).toMatchObject({ result: { feed: speaker.participantId * 10 + 1 } });

    // The room's server is lost: its people are told at once, and the room goes to the other server.
    const lost = placedFirst.url === janusA.url ? janusA : janusB;
    const survivor = lost === janusA ? janusB : janusA;
    const stoppedAt = Date.now();
    await lost.stop();
    await viewerSocket.waitFor((m) => m.type === 'signal' && m.kind === 'media-reset', 10_000);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect((await servers.serverFor(first)).url).toBe(survivor.url);
    expect((await otherInstance.serverFor(first)).url).toBe(survivor.url);

    speakerSocket.send({
      type: 'media',
      roomId: first,
      requestId: 'p2',
      request: { action: 'publish', source: 'camera', offer: browserOffer() },
    });
    const again = await speakerSocket.waitFor(
      (m) => m.type === 'media-reply' && m.requestId === 'p2',
      10_000,
    );
    expect(again).toMatchObject({ result: { feed: speaker.participantId * 10 + 1 } });
  });
});
