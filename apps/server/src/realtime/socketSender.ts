// Outgoing frames of one socket. Frames queued during one turn of the event loop go out as one
// WebSocket message (a JSON array); a socket whose unsent bytes pass the limit is a slow consumer and
// is closed with a code, so the client resumes instead of the server holding its backlog in memory.
import { CLOSE_CODES } from '@lablive/protocol';
import type { WebSocket } from 'ws';
import type { GatewayStats } from '../observability/gatewayStats.ts';
import { createPayloadCache, encodePayload } from './sharedPayloads.ts';

export type SocketSender = {
  /** `frame` is one serialised server message. */
  send(frame: string): void;
  close(code: number, reason: string): void;
};

/** Builds the payload of a socket's frames; sockets flushed in the same pass share equal payloads. */
type PayloadFor = (frames: readonly string[]) => Buffer;

export type FlushScheduler = { markDirty(flush: (payloadFor: PayloadFor) => void): void };

/**
 * One scheduler per gateway: every socket with queued frames is flushed once per event-loop turn, all
 * in one pass, so the sockets of a room that hold the same frames write one shared payload.
 */
export function createFlushScheduler(): FlushScheduler {
  let dirty: Array<(payloadFor: PayloadFor) => void> = [];
  let scheduled = false;
  const payloads = createPayloadCache();
  return {
    markDirty(flush) {
      dirty.push(flush);
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        const flushes = dirty;
        dirty = [];
        try {
          for (const run of flushes) run(payloads.payloadFor);
        } finally {
          payloads.clear();
        }
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
    if (code !== CLOSE_CODES.slowConsumer) flush(encodePayload);
    closed = true;
    pending = [];
    socket.close(code, reason);
  };
  function flush(payloadFor: PayloadFor) {
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
    const payload = payloadFor(pending);
    pending = [];
    options.stats.framesSent++;
    // A Buffer would go as a binary message by default; the protocol's messages are text.
    socket.send(payload, { binary: false });
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
