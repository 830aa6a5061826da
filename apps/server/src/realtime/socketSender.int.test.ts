// A socket that stops reading is a slow consumer: once its unsent bytes pass the limit it is closed
// with 4008 (the client then resumes), while a reading socket gets every frame, coalesced per turn, as
// a text message (shared by the sockets that hold the same frames). Real WebSockets on loopback (the ws
// library on both sides).
import { once } from 'node:events';
import { CLOSE_CODES } from '@lablive/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createGatewayStats } from '../observability/gatewayStats.ts';
import { createFlushScheduler, createSocketSender, type SocketSender } from './socketSender.ts';

const servers: WebSocketServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function pair(maxBufferedBytes: number, scheduler = createFlushScheduler()) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  servers.push(server);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const [serverSocket] = (await once(server, 'connection')) as [WebSocket];
  await once(client, 'open');
  const stats = createGatewayStats();
  const sender: SocketSender = createSocketSender(serverSocket, {
    maxBufferedBytes,
    scheduler,
    stats,
  });
  return { client, sender, stats };
}

describe('socket sender', () => {
  it('coalesces the frames of one turn into one message, in order', async () => {
    const { client, sender } = await pair(1024 * 1024);
    const received: string[] = [];
    client.on('message', (data) => received.push(String(data)));
    sender.send('{"n":1}');
    sender.send('{"n":2}');
    sender.send('{"n":3}');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual(['[{"n":1},{"n":2},{"n":3}]']);
    client.close();
  });

  it('sends the same frames to the sockets of one pass as the same text message, and a socket its own', async () => {
    const scheduler = createFlushScheduler();
    const sockets = await Promise.all([1, 2, 3].map(() => pair(1024 * 1024, scheduler)));
    const received = sockets.map(({ client }) => {
      const messages: Array<{ text: string; isBinary: boolean }> = [];
      client.on('message', (data, isBinary) => messages.push({ text: String(data), isBinary }));
      return messages;
    });
    const room = '{"type":"events","roomId":1,"events":[]}';
    for (const { sender } of sockets) sender.send(room);
    sockets[1]?.sender.send('{"type":"ack","commandId":"c-1","version":1}');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([
      [{ text: room, isBinary: false }],
      [{ text: `[${room},{"type":"ack","commandId":"c-1","version":1}]`, isBinary: false }],
      [{ text: room, isBinary: false }],
    ]);
    for (const { client } of sockets) client.close();
  });

  it("writes a command's answer after the events queued in the same turn, even when it was queued first", async () => {
    const { client, sender } = await pair(1024 * 1024);
    const received: string[] = [];
    client.on('message', (data) => received.push(String(data)));
    const ack = '{"type":"ack","commandId":"c-1","version":7}';
    const events = '{"type":"events","roomId":1,"events":[{"version":7}]}';
    sender.answer(ack);
    sender.send(events);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([`[${events},${ack}]`]);
    client.close();
  });

  it('closes a socket that does not read with the slow-consumer code', async () => {
    const { client, sender, stats } = await pair(64 * 1024);
    client.pause(); // stops reading: the kernel buffers fill, then ws buffers, then the limit is passed
    const frame = JSON.stringify({ type: 'events', padding: 'x'.repeat(64 * 1024) });
    const closed = once(client, 'close');
    for (let turn = 0; turn < 400 && stats.slowConsumersClosed === 0; turn++) {
      sender.send(frame);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(stats.slowConsumersClosed).toBe(1);
    client.resume();
    const [code] = (await closed) as [number];
    expect(code).toBe(CLOSE_CODES.slowConsumer);
  });
});
