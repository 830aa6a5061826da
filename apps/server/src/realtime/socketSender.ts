// Outgoing frames of one socket. Frames queued during one turn of the event loop go out as one
// WebSocket message (a JSON array); a socket whose unsent bytes pass the limit is a slow consumer and
// is closed with a code, so the client resumes instead of the server holding its backlog in memory.
import { CLOSE_CODES } from '@lablive/protocol';
import type { WebSocket } from 'ws';
import type { GatewayStats } from './gatewayStats.ts';

export type SocketSender = {
  /** `frame` is one serialised server message. */
  send(frame: string): void;
  close(code: number, reason: string): void;
};

export type FlushScheduler = { markDirty(flush: () => void): void };

/** One scheduler per gateway: every socket with queued frames is flushed once per event-loop turn. */
export function createFlushScheduler(): FlushScheduler {
  let dirty: Array<() => void> = [];
  let scheduled = false;
  return {
    markDirty(flush) {
      dirty.push(flush);
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        const flushes = dirty;
        dirty = [];
        for (const run of flushes) run();
      });
    },
  };
}

export function createSocketSender(
  socket: WebSocket,
  options: { maxBufferedBytes: number; scheduler: FlushScheduler; stats: GatewayStats },
): SocketSender {
  let pending: string[] = [];
  let closed = false;
  const close = (code: number, reason: string) => {
    if (closed) return;
    // What was said last (why the socket closes) goes out before the close frame.
    if (code !== CLOSE_CODES.slowConsumer) flush();
    closed = true;
    pending = [];
    socket.close(code, reason);
  };
  function flush() {
    if (closed || pending.length === 0) return;
    if (socket.readyState !== socket.OPEN) {
      pending = [];
      return;
    }
    if (socket.bufferedAmount > options.maxBufferedBytes) {
      options.stats.slowConsumersClosed++;
      close(CLOSE_CODES.slowConsumer, 'slow consumer: reconnect and resume');
      return;
    }
    const payload = pending.length === 1 ? (pending[0] ?? '') : `[${pending.join(',')}]`;
    pending = [];
    options.stats.framesSent++;
    socket.send(payload);
  }
  return {
    send(frame) {
      if (closed) return;
      if (pending.length === 0) options.scheduler.markDirty(flush);
      pending.push(frame);
    },
    close,
  };
}
