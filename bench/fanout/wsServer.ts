// Fan-out baseline (its own process, pinned by the runner): a plain `ws` server, as a naive broadcaster
// writes it: each chat message is parsed, serialised once, then sent to every client in a loop.
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

const server = new WebSocketServer({
  host: '127.0.0.1',
  port: 0,
  perMessageDeflate: false,
  maxPayload: 64 * 1024,
});

const isChat = (value: unknown): value is { type: 'chat'; text: string } =>
  typeof value === 'object' &&
  value !== null &&
  'type' in value &&
  value.type === 'chat' &&
  'text' in value &&
  typeof value.text === 'string';

let connections = 0;
server.on('connection', (socket) => {
  const from = ++connections;
  socket.on('message', (data) => {
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (!isChat(message)) return;
    const frame = JSON.stringify({ type: 'chat', from, text: message.text, at: Date.now() });
    for (const client of server.clients) if (client.readyState === WebSocket.OPEN) client.send(frame);
  });
  socket.send('{"type":"ready"}');
});

server.on('listening', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});

process.once('SIGTERM', () => {
  server.close();
  process.exit(0);
});
