// packages/client against the real gateway after a silent drop (npm run chaos, reconnect): a socket dead
// without anyone knowing is replaced within seconds of the person's next message, not after the 20 s
// heartbeat's two periods (the gateway answered a witness socket meanwhile); and messages typed while it was dead all wait, and the reconnect sends them at
// once, past the gateway's rate (a burst of 40 commands). None may be lost: each is stored once and
// acknowledged.
import { randomUUID } from 'node:crypto';
import { createRealtimeClient, type RealtimeClient } from '@lablive/client';
import { roomStreamId } from '@lablive/domain';
import {
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  enterRoomAs,
  type TestDatabase,
} from '@lablive/testkit';
import { type FaultyProxy, startFaultyProxy } from '@lablive/testkit/cluster';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readStream } from '../event-store/index.ts';
import { createOutboxMailer } from '../mail/mailer.ts';

const BACKLOG = 60;

let test: TestDatabase;
let app: FastifyInstance;
let proxy: FaultyProxy;
const clients: RealtimeClient[] = [];
let rooms = 0;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, { mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org') });
  const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
  proxy = await startFaultyProxy({ host: address.hostname, port: Number(address.port) });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await proxy?.close();
  await app?.close();
  await test?.drop();
});

/** A person in a new room, through the proxy, with the browser's client (its default heartbeat unless given). */
async function personInRoom(heartbeatMs?: number) {
  const labId = await createLab(test.db, `Lab ${++rooms}`, []);
  const { eventId, roomIds } = await createEvent(test.db, { labId, slug: `backlog-${rooms}` });
  const roomId = roomIds[0] ?? 0;
  const email = `p${rooms}@x.org`;
  const person = await enterRoomAs(test.db, app, { labId, eventId, roomId, role: 'participant', email });
  const client = createRealtimeClient({
    url: `ws://${proxy.address}/ws`,
    getToken: () => person.token,
    WebSocket,
    ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
  });
  clients.push(client);
  return { roomId, room: await client.join(roomId) };
}

describe('a socket that died silently', () => {
  it("is replaced within seconds of the person's next message, with the browser's heartbeat", async () => {
    const { room } = await personInRoom();
    proxy.blackhole({ newConnections: 'pass' });
    const sentAt = Date.now();
    const result = await room.send({
      type: 'SendChatMessage',
      data: { messageId: randomUUID(), text: 'hello?' },
    });
    proxy.restore();
    expect(result.ok).toBe(true);
    // Probed 1.5 s after the message, a witness socket answered at once, given up 0.5 s later, then a
    // reconnect and the resend.
    expect(Date.now() - sentAt).toBeLessThan(8_000);
  }, 60_000);

  it('loses none of the messages typed meanwhile, though the reconnect sends them past the rate', async () => {
    // A short heartbeat, so the dead socket is noticed within a second whatever the probe does.
    const { roomId, room } = await personInRoom(300);

    proxy.blackhole({ newConnections: 'pass' });
    const messageIds = Array.from({ length: BACKLOG }, () => randomUUID());
    const results = await Promise.all(
      messageIds.map((messageId, index) =>
        room.send({ type: 'SendChatMessage', data: { messageId, text: `typed offline #${index}` } }),
      ),
    );
    proxy.restore();

    expect(results.filter((result) => !result.ok)).toEqual([]);
    const stored = (await readStream(test.db, roomStreamId(roomId))).flatMap((event) =>
      event.type === 'ChatMessageSent' ? [String((event.data as { messageId: string }).messageId)] : [],
    );
    expect([...stored].sort()).toEqual([...messageIds].sort());
  }, 60_000);
});
