// Outgoing frames of one socket, the one path by which anything reaches it. Frames queued during one
// turn of the event loop go out as one WebSocket message (a JSON array), in the order they were queued,
// except that a command's answer (ack or rejected) goes after the turn's other frames: the events of a
// command reach its socket in the same turn as its ack or after it (a room's cadence may hold them one
// interval), and when they are in the same turn they come first, so a client sees the ack's version
// once it has the events up to it.
//
// A socket whose unsent bytes (what waits here plus what ws holds because the kernel would not take it)
// pass the bound is a slow consumer: it is closed with 4008 at once, so the client resumes from its
// last version instead of the server holding its backlog in memory. A socket that took everything it
// was given before is keeping up, and gets a turn of any size (a welcome with a long chat, a page of
// its catch-up): otherwise such a turn alone would close it, and its resume, again and again.
import { CLOSE_CODES } from '@lablive/protocol';
import type { WebSocket } from 'ws';
import type { GatewayStats } from '../observability/gatewayStats.ts';
import { createPayloadCache, encodePayload } from './sharedPayloads.ts';

export type SocketSender = {
  /** `frame` is one serialised server message. */
  send(frame: string): void;
  /** A command's ack or rejected: written after the frames queued in the same turn. */
  answer(frame: string): void;
  close(code: number, reason: string): void;
};

/** Builds the payload of a socket's frames; sockets flushed in the same pass share equal payloads. */
type PayloadFor = (frames: readonly string[]) => Buffer;

export type FlushScheduler = {
  markDirty(flush: (payloadFor: PayloadFor) => void): void;
  /** What one socket's flush costs now (ms, over the recent passes): mostly its write, a system call. */
  writeMs(): number;
};

/** The bound on a socket's unsent bytes before it is closed as a slow consumer (1 MiB). */
export const DEFAULT_SEND_QUEUE_BYTES = 1024 * 1024;

/**
 * How long a slow consumer's close frame may wait behind the bytes the client has not read before its
 * socket is cut, freeing what the kernel and ws still hold for it.
 */
const SLOW_CONSUMER_CUT_MS = 5_000;

/**
 * One scheduler per gateway: every socket with queued frames is flushed once per event-loop turn, all
 * in one pass, so the sockets of a room that hold the same frames write one shared payload.
 */
export function createFlushScheduler(): FlushScheduler {
  let dirty: Array<(payloadFor: PayloadFor) => void> = [];
  let scheduled = false;
  // Time and flushes of the recent passes, older ones fading: a large pass weighs as many flushes as it
  // made, so the small passes between (a command's answer) do not hide what a room's writes cost.
  let recentMs = 0;
  let recentFlushes = 0;
  const payloads = createPayloadCache();
  return {
    writeMs: () => (recentFlushes === 0 ? 0 : recentMs / recentFlushes),
    markDirty(flush) {
      dirty.push(flush);
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        const flushes = dirty;
        dirty = [];
        const start = performance.now();
        try {
          for (const run of flushes) run(payloads.payloadFor);
        } finally {
          payloads.clear();
          recentMs = 0.9 * recentMs + (performance.now() - start);
          recentFlushes = 0.9 * recentFlushes + flushes.length;
        }
      });
    },
  };
}

export type SocketSenderOptions = {
  /** The bound on the socket's unsent bytes: queued here plus ws's bufferedAmount. */
  maxBufferedBytes: number;
  scheduler: FlushScheduler;
  stats: GatewayStats;
  /**
   * Called once when the sender closes the socket itself, before the close handshake: a slow consumer
   * may never finish it, and what the connection holds for the socket is let go of now.
   */
  onClose?: (code: number) => void;
};

export function createSocketSender(socket: WebSocket, options: SocketSenderOptions): SocketSender {
  let pending: string[] = [];
  let answers: string[] = [];
  /** UTF-16 units queued in this turn: the bytes of our mostly ASCII JSON, a third of them at worst. */
  let queued = 0;
  let closed = false;
  const clear = () => {
    pending = [];
    answers = [];
    queued = 0;
  };
  const close = (code: number, reason: string) => {
    if (closed) return;
    // What was said last (why the socket closes) goes out before the close frame.
    if (code !== CLOSE_CODES.slowConsumer) flush(encodePayload);
    closed = true;
    clear();
    socket.close(code, reason);
    if (code === CLOSE_CODES.slowConsumer) setTimeout(() => socket.terminate(), SLOW_CONSUMER_CUT_MS).unref();
    options.onClose?.(code);
  };
  const overBound = () => {
    const unsent = socket.bufferedAmount;
    return unsent > 0 && queued + unsent > options.maxBufferedBytes;
  };
  function flush(payloadFor: PayloadFor) {
    if (closed || queued === 0) return;
    if (socket.readyState !== socket.OPEN) {
      clear();
      return;
    }
    if (overBound()) {
      options.stats.slowConsumersClosed++;
      close(CLOSE_CODES.slowConsumer, 'slow consumer: reconnect and resume');
      return;
    }
    const frames = answers.length === 0 ? pending : pending.concat(answers);
    clear();
    options.stats.framesSent++;
    // A Buffer would go as a binary message by default; the protocol's messages are text.
    socket.send(payloadFor(frames), { binary: false });
  }
  function queue(frame: string, into: string[]) {
    if (closed) return;
    if (queued === 0) options.scheduler.markDirty(flush);
    into.push(frame);
    queued += frame.length;
  }
  return {
    send: (frame) => queue(frame, pending),
    answer: (frame) => queue(frame, answers),
    close,
  };
}
