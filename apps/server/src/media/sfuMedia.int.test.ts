// The media server's side against a real Janus (Debian's package, started as an operator does): who
// may publish is the server's decision, feeds are announced to the room, a viewer gets an offer for a
// feed, a room without a media server refuses media requests, and an unreachable Janus stops the start
// with its address named. (Media flowing to browsers is the end-to-end test's: janusRoom.e2e.test.ts.)
import type { ServerMessage } from '@lablive/protocol';
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

let test: TestDatabase;
let janus: TestJanus;
let app: FastifyInstance;
let meshApp: FastifyInstance;
let url: string;
let meshUrl: string;
let labId: number;
let eventId: number;
let roomId: number;
const sockets: TestSocket[] = [];

let requests = 0;
async function media(socket: TestSocket, request: unknown, room = roomId) {
  const requestId = `r${++requests}`;
  socket.send({ type: 'media', roomId: room, requestId, request });
  return (await socket.waitFor(
    (m) => m.type === 'media-reply' && m.requestId === requestId,
    10_000,
  )) as Extract<ServerMessage, { type: 'media-reply' }>;
}

async function person(role: 'animator' | 'participant' | 'observer', email: string) {
  const entered = await enterRoomAs(test.db, app, { labId, eventId, roomId, role, email });
  const socket = await joinTestRoom(url, entered.token, roomId);
  sockets.push(socket);
  return { ...entered, socket };
}

beforeAll(async () => {
  test = await createTestDatabase();
  janus = await startTestJanus();
  const mediaServers = await startMediaServer(
    { JANUS_URL: [janus.url], JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey },
    test.db,
    () => {},
  );
  if (!mediaServers) throw new Error('no media server');
  const mailer = createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org');
  app = await buildTestApp(test, { mailer, mediaServers });
  url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  meshApp = await buildTestApp(test, { mailer });
  meshUrl = `${(await meshApp.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  labId = await createLab(test.db, 'Lab Janus');
  ({
    eventId,
    roomIds: [roomId = 0],
  } = await createEvent(test.db, { labId, slug: 'janus-1' }));
}, 30_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
  await meshApp?.close();
  await janus?.stop();
  await test?.drop();
});

describe('video through the media server', () => {
  it('answers the room token with the janus provider, saying who may publish', async () => {
    const animator = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'animator',
      email: 'a0@lab.test',
    });
    const observer = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'observer',
      email: 'o0@lab.test',
    });
    const session = async (token: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/rooms/${roomId}/token`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().session;
    expect(await session(animator.token)).toMatchObject({ provider: 'janus', mayPublish: true });
    expect(await session(observer.token)).toMatchObject({ provider: 'janus', mayPublish: false });
  });

  it('publishes a speaker: the answer carries Janus’s candidates, the feed id is the server’s', async () => {
    const speaker = await person('animator', 'speaker@lab.test');
    const viewer = await person('participant', 'viewer@lab.test');
    expect((await media(viewer.socket, { action: 'feeds' })).result).toEqual({ feeds: [] });

    const published = await media(speaker.socket, {
      action: 'publish',
      source: 'camera',
      offer: browserOffer(),
    });
    expect(published.error).toBeUndefined();
    const { feed, answer } = published.result as { feed: number; answer: string };
    expect(feed).toBe(speaker.participantId * 10 + 1);
    expect(answer).toMatch(/^v=0/);
    // Janus answers with its candidates in the SDP: the browser need not trickle.
    expect(answer).toMatch(/a=candidate:/);
    // This offer's peer never connects (no browser here): the feed is not live, so it is neither listed
    // nor announced, and a viewer cannot subscribe to it yet. (Live feeds: janusRoom.e2e.test.ts.)
    expect((await media(viewer.socket, { action: 'feeds' })).result).toEqual({ feeds: [] });
    expect((await media(viewer.socket, { action: 'subscribe', feed, layer: 0 })).error?.code).toBe(
      'media_not_found',
    );
    expect(viewer.socket.messages.some((m) => m.type === 'signal' && m.kind === 'media-feed')).toBe(false);
    expect(await media(speaker.socket, { action: 'unpublish', source: 'camera' })).toMatchObject({
      result: {},
    });
  });

  it('lets the same person publish again from a new tab: the newest publication wins', async () => {
    const speaker = await person('animator', 'two-tabs@lab.test');
    const first = await media(speaker.socket, { action: 'publish', source: 'camera', offer: browserOffer() });
    expect(first.error).toBeUndefined();
    const secondTab = await joinTestRoom(url, speaker.token, roomId, undefined, 'tab-2');
    sockets.push(secondTab);
    const second = await media(secondTab, { action: 'publish', source: 'camera', offer: browserOffer() });
    expect(second.error).toBeUndefined();
    expect((second.result as { feed: number }).feed).toBe((first.result as { feed: number }).feed);
  });

  it('refuses a publish from an observer, whatever their browser sends, and publishes nothing', async () => {
    const observer = await person('observer', 'observer@lab.test');
    const refused = await media(observer.socket, {
      action: 'publish',
      source: 'camera',
      offer: browserOffer(),
    });
    expect(refused.error?.code).toBe('publish_forbidden');
    expect((await media(observer.socket, { action: 'feeds' })).result).toEqual({ feeds: [] });
  });

  it('refuses a feed that is not published, and media requests before joining the room', async () => {
    const viewer = await person('participant', 'late@lab.test');
    expect((await media(viewer.socket, { action: 'subscribe', feed: 999_991, layer: 0 })).error?.code).toBe(
      'media_not_found',
    );
    expect((await media(viewer.socket, { action: 'feeds' }, roomId + 1000)).error?.code).toBe('not_joined');
  });

  it('answers a malformed media request with an error naming the field and the request', async () => {
    const viewer = await person('participant', 'malformed@lab.test');
    viewer.socket.send({
      type: 'media',
      roomId,
      requestId: 'bad-1',
      request: { action: 'subscribe', feed: 'seventy-one', layer: 7 },
    });
    const refused = await viewer.socket.waitFor((m) => m.type === 'error' && m.ref === 'bad-1');
    expect(refused).toMatchObject({ code: 'invalid_message' });
    expect((refused as { message: string }).message).toMatch(/^media: request/);
  });

  it('does not let a browser forge the server’s feed announcements', async () => {
    const forger = await person('participant', 'forger@lab.test');
    forger.socket.send({
      type: 'signal',
      roomId,
      to: null,
      kind: 'media-feed',
      payload: { feed: 11, source: 'camera', published: true },
    });
    const refused = await forger.socket.waitFor((m) => m.type === 'error');
    expect(refused).toMatchObject({ code: 'invalid_message' });
  });

  it('answers media_not_available on a server without a media server (video goes peer to peer)', async () => {
    // A room of its own: the room's host lives with the server that took it first.
    const mesh = await createEvent(test.db, { labId, slug: 'mesh-1' });
    const meshRoom = mesh.roomIds[0] ?? 0;
    const entered = await enterRoomAs(test.db, meshApp, {
      labId,
      eventId: mesh.eventId,
      roomId: meshRoom,
      role: 'participant',
      email: 'mesh@lab.test',
    });
    const socket = await joinTestRoom(meshUrl, entered.token, meshRoom);
    sockets.push(socket);
    expect((await media(socket, { action: 'feeds' }, meshRoom)).error?.code).toBe('media_not_available');
  });

  it('stops the start with the address named when the media server cannot be reached', async () => {
    await expect(
      startMediaServer(
        { JANUS_URL: ['ws://127.0.0.1:9'], JANUS_API_SECRET: 'x', JANUS_ADMIN_KEY: 'y' },
        test.db,
        () => {},
      ),
    ).rejects.toThrow(/media server at ws:\/\/127\.0\.0\.1:9 cannot be reached/);
    await expect(
      startMediaServer(
        { JANUS_URL: [janus.url], JANUS_API_SECRET: 'wrong-secret', JANUS_ADMIN_KEY: janus.adminKey },
        test.db,
        () => {},
      ),
    ).rejects.toThrow(/cannot be reached: .*[Uu]nauthorized/);
  });
});
