// A bare room-socket client for gateway tests: sends exactly what a test says (also malformed input)
// and records every server message, unpacking coalesced frames.
import { PROTOCOL_VERSION, type ServerMessage, serverFrameSchema } from '@lablive/protocol';
import WebSocket from 'ws';

export type TestSocket = {
  messages: ServerMessage[];
  send(message: unknown): void;
  sendRaw(data: string | Buffer): void;
  waitFor<T extends ServerMessage>(
    predicate: (message: ServerMessage) => message is T,
    timeoutMs?: number,
  ): Promise<T>;
  waitFor(predicate: (message: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(code?: number): void;
  /** Drops the TCP connection without a close handshake, as a lost network does. */
  terminate(): void;
};

export async function openTestSocket(url: string): Promise<TestSocket> {
  const socket = new WebSocket(url);
  const messages: ServerMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    const frame = serverFrameSchema.parse(JSON.parse(String(data)));
    messages.push(...(Array.isArray(frame) ? frame : [frame]));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    messages,
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (data) => socket.send(data),
    async waitFor(predicate: (message: ServerMessage) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (let seen = 0; ; ) {
        for (; seen < messages.length; seen++) {
          const message = messages[seen];
          if (message && predicate(message)) return message;
        }
        if (Date.now() > deadline) {
          throw new Error(
            `no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-5))}`,
          );
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    closed,
    close: (code = 1000) => socket.close(code),
    terminate: () => socket.terminate(),
  } as TestSocket;
}

/** A socket that said hello with `token` and joined `roomId` (a resume when `lastVersion` is given). */
export async function joinTestRoom(
  url: string,
  token: string,
  roomId: number,
  lastVersion?: number,
  /** The client's id for its tab (kept across its reconnects); two tabs of one person differ. */
  connectionId = 'tab',
): Promise<TestSocket> {
  const socket = await openTestSocket(url);
  socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token });
  await socket.waitFor((m) => m.type === 'authenticated');
  socket.send({ type: 'join', roomId, connectionId, lastVersion: lastVersion ?? null });
  await socket.waitFor((m) => m.type === 'welcome' || m.type === 'resumed');
  return socket;
}
