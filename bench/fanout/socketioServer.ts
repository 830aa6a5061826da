// Fan-out baseline (its own process, pinned by the runner): a Socket.IO 4 server that puts every socket in
// one room and relays each chat message to it with io.to(room).emit. No database, no checks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const ROOM = 'room';
const httpServer = createServer();
const io = new Server(httpServer, {
  transports: ['websocket'],
  serveClient: false,
  perMessageDeflate: false,
  maxHttpBufferSize: 64 * 1024,
});

let connections = 0;
io.on('connection', (socket) => {
  const from = ++connections;
  void socket.join(ROOM);
  socket.on('chat', (text: unknown) => {
    if (typeof text !== 'string') return;
    io.to(ROOM).emit('chat', { from, text, at: Date.now() });
  });
  socket.emit('ready');
});

httpServer.listen(0, '127.0.0.1', () => {
  console.log(`listening ${(httpServer.address() as AddressInfo).port}`);
});

process.once('SIGTERM', () => {
  io.close();
  process.exit(0);
});
