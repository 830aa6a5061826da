// A Socket.IO 4 subscriber for the load generator that speaks the wire protocol (Engine.IO v4 over a
// plain WebSocket, Socket.IO v5 packets) directly: `0` open → `40` connect → `42["ready"]`, `2` ping →
// `3` pong, events as `42[...]`. The generator then spends per frame what it spends on the other servers;
// socketioProbe.ts checks with the real socket.io-client that the same broadcast reaches it.
import { type BenchClient, type ClientEvents, openSocket, setupPromise } from './benchClient.ts';

const OPEN = 0x30; // '0'
const PING = 0x32; // '2'
const MESSAGE = 0x34; // '4'

export function openSocketIoRawClient(baseUrl: string, events: ClientEvents): BenchClient {
  const socket = openSocket(`${baseUrl}/socket.io/?EIO=4&transport=websocket`);
  const setup = setupPromise(socket, 'Socket.IO client');
  let live = false;

  socket.onMessage = (data: Buffer) => {
    const kind = data[0];
    if (kind === PING && data.length === 1) {
      socket.send('3');
      return;
    }
    if (live) {
      events.frame(data);
      return;
    }
    const text = data.toString('utf8');
    if (kind === OPEN) socket.send('40');
    else if (kind === MESSAGE && text.startsWith('42["ready"')) {
      live = true;
      setup.resolve();
    } else if (text.startsWith('44')) setup.reject(new Error(`Socket.IO refused the client: ${text}`));
  };
  socket.events.on('close', (code: number) => {
    if (live) events.closed(code);
  });

  return {
    ready: setup.promise,
    sendChat(_seq, text) {
      socket.send(`42["chat","${text}"]`);
    },
    close() {
      live = false;
      socket.terminate();
    },
  };
}
