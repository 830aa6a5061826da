// packages/client against the real gateway after a silent drop (npm run chaos, reconnect): messages typed
// while the socket was dead without anyone knowing all wait, and the reconnect sends them at once, past
// the gateway's rate (a burst of 40 commands). None may be lost: each is stored once and acknowledged.
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
let client: RealtimeClient | undefined;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, { mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@x.org') });
  const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
  proxy = await startFaultyProxy({ host: address.hostname, port: Number(address.port) });
});
afterAll(async () => {
  client?.close();
  await proxy?.close();
  await app?.close();
  await test?.drop();
});

describe('messages typed while the socket was silently dead', () => {
  it('are all stored once and acknowledged after the reconnect, though they exceed the rate', async () => {
    const labId = await createLab(test.db, 'Lab', []);
    const { eventId, roomIds } = await createEvent(test.db, { labId, slug: 'backlog' });
    const roomId = roomIds[0] ?? 0;
    const person = await enterRoomAs(test.db, app, {
      labId,
      eventId,
      roomId,
      role: 'participant',
      email: 'p@x.org',
    });
    // A short heartbeat, so the dead socket is noticed within a second (the browser's is 20 s).
    client = createRealtimeClient({
      url: `ws://${proxy.address}/ws`,
      getToken: () => person.token,
      WebSocket,
      heartbeatMs: 300,
    });
    const room = await client.join(roomId);

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
