// One subscriber connection of the load generator, whatever the server: it enters the room, hands every
// frame received once live to the recorder, and can send a chat text. All three kinds are built on the
// same minimal client (rawWebSocket.ts) so the generator spends the same per frame on each server.
import { connectRawWebSocket, type RawWebSocket } from './rawWebSocket.ts';

export type ClientEvents = {
  /** A frame received once the client is live (the recorder scans it for chat texts). */
  frame(data: Buffer): void;
  /** A refusal (rejected command, error message) the server answered after the client went live. */
  refused(detail: string): void;
  /** The socket closed while the benchmark still needed it. */
  closed(code: number): void;
};

export type BenchClient = {
  /** Resolves when the client is in the room and receives what is sent to it. */
  ready: Promise<void>;
  sendChat(seq: number, text: string): void;
  close(): void;
};

export function openSocket(url: string): RawWebSocket {
  const socket = connectRawWebSocket(url);
  // Errors after the setup end in a close, which the client reports.
  socket.events.on('error', () => {});
  return socket;
}

/** A promise for the setup phase: settles once, rejects on a close or socket error before ready. */
export function setupPromise(socket: RawWebSocket, what: string) {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  let settled = false;
  socket.events.once('error', (error: Error) => {
    if (!settled) reject(new Error(`${what}: ${error.message}`));
  });
  socket.events.once('close', (code: number) => {
    if (!settled) reject(new Error(`${what}: closed with ${code} before it was ready`));
  });
  return {
    promise,
    resolve: () => {
      settled = true;
      resolve();
    },
    reject: (error: Error) => {
      settled = true;
      reject(error);
    },
    settled: () => settled,
  };
}
