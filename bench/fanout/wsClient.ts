// A subscriber of the plain `ws` baseline for the load generator: live when the server says ready; chat
// goes as {"type":"chat","text":...}.
import { type BenchClient, type ClientEvents, openSocket, setupPromise } from './benchClient.ts';

const READY = '{"type":"ready"}';

export function openWsClient(url: string, events: ClientEvents): BenchClient {
  const socket = openSocket(url);
  const setup = setupPromise(socket, 'ws client');
  let live = false;

  socket.onMessage = (data: Buffer) => {
    if (live) {
      events.frame(data);
      return;
    }
    if (data.toString('utf8') === READY) {
      live = true;
      setup.resolve();
    }
  };
  socket.events.on('close', (code: number) => {
    if (live) events.closed(code);
  });

  return {
    ready: setup.promise,
    sendChat(_seq, text) {
      socket.send(`{"type":"chat","text":"${text}"}`);
    },
    close() {
      live = false;
      socket.terminate();
    },
  };
}
