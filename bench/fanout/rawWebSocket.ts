// A minimal WebSocket client (RFC 6455) on a bare TCP socket, for the load generator only: the frames of
// one TCP read are parsed in a loop and handed over as views, without an event per frame or a copy, so
// one core can take in the deliveries of a server on the other core. Text frames only, no extensions;
// answers pings, reports the close code. Sends are masked as the RFC requires of a client.
import { randomBytes, randomFillSync } from 'node:crypto';
import { EventEmitter } from 'node:events';
import net from 'node:net';

export type RawWebSocket = {
  /** 'open' (), 'close' (code), 'error' (error). */
  events: EventEmitter;
  /** Called with each complete message (a view into the received bytes: use it before returning). */
  onMessage: (payload: Buffer) => void;
  send(text: string): void;
  terminate(): void;
};

const OPCODE_CONTINUATION = 0x0;
const OPCODE_CLOSE = 0x8;
const OPCODE_PING = 0x9;
const HEADER_END = Buffer.from('\r\n\r\n');

function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + 4 + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) frame[1] = 0x80 | length;
  else if (length < 65_536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  randomFillSync(frame, header, 4);
  const mask = header;
  const body = header + 4;
  for (let i = 0; i < length; i++) frame[body + i] = (payload[i] ?? 0) ^ (frame[mask + (i & 3)] ?? 0);
  return frame;
}

export function connectRawWebSocket(url: string): RawWebSocket {
  const target = new URL(url);
  const events = new EventEmitter();
  const socket = net.connect({ host: target.hostname, port: Number(target.port) });
  socket.setNoDelay(true);
  let upgraded = false;
  let closed = false;
  let pending: Buffer[] = [];
  let pendingLength = 0;
  /** Bytes needed before the next parse can make progress. */
  let needed = 0;
  let fragments: Buffer[] | null = null;

  const self: RawWebSocket = {
    events,
    onMessage: () => {},
    send(text) {
      if (!closed) socket.write(maskedFrame(0x1, Buffer.from(text)));
    },
    terminate() {
      closed = true;
      socket.destroy();
    },
  };

  const close = (code: number) => {
    if (closed) return;
    closed = true;
    socket.destroy();
    events.emit('close', code);
  };

  function handleFrame(first: number, payload: Buffer) {
    const opcode = first & 0x0f;
    const fin = (first & 0x80) !== 0;
    if (opcode === OPCODE_PING) {
      socket.write(maskedFrame(0xa, Buffer.from(payload)));
      return;
    }
    if (opcode === OPCODE_CLOSE) {
      close(payload.length >= 2 ? payload.readUInt16BE(0) : 1005);
      return;
    }
    if (opcode > 0x7) return; // pong
    if (opcode === OPCODE_CONTINUATION || !fin) {
      fragments ??= [];
      fragments.push(Buffer.from(payload));
      if (!fin) return;
      const whole = Buffer.concat(fragments);
      fragments = null;
      self.onMessage(whole);
      return;
    }
    self.onMessage(payload);
  }

  /** Parses every complete frame of `bytes`; returns where the incomplete rest starts. */
  function parseFrames(bytes: Buffer): number {
    let at = 0;
    while (bytes.length - at >= 2) {
      const first = bytes[at] ?? 0;
      const second = bytes[at + 1] ?? 0;
      let length = second & 0x7f;
      let start = at + 2;
      if (length === 126) {
        if (bytes.length - at < 4) break;
        length = bytes.readUInt16BE(at + 2);
        start = at + 4;
      } else if (length === 127) {
        if (bytes.length - at < 10) break;
        length = Number(bytes.readBigUInt64BE(at + 2));
        start = at + 10;
      }
      if (second & 0x80) throw new Error('a server frame is masked');
      if (bytes.length < start + length) {
        needed = start + length - at;
        return at;
      }
      handleFrame(first, bytes.subarray(start, start + length));
      if (closed) return bytes.length;
      at = start + length;
    }
    needed = 2;
    return at;
  }

  function receive(chunk: Buffer) {
    if (pendingLength > 0) {
      pending.push(chunk);
      pendingLength += chunk.length;
      if (pendingLength < needed) return;
      chunk = Buffer.concat(pending, pendingLength);
      pending = [];
      pendingLength = 0;
    }
    const rest = parseFrames(chunk);
    if (rest < chunk.length) {
      pending = [chunk.subarray(rest)];
      pendingLength = chunk.length - rest;
    }
  }

  socket.on('connect', () => {
    socket.write(
      `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
        'Sec-WebSocket-Version: 13\r\n\r\n',
    );
  });
  let head = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    if (closed) return;
    if (upgraded) {
      try {
        receive(chunk);
      } catch (error) {
        events.emit('error', error);
        close(1002);
      }
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf(HEADER_END);
    if (end === -1) return;
    const status = head.toString('latin1', 0, end).split('\r\n')[0] ?? '';
    if (!/^HTTP\/1\.1 101 /.test(status)) {
      events.emit('error', new Error(`upgrade refused: ${status}`));
      close(1006);
      return;
    }
    upgraded = true;
    const rest = head.subarray(end + HEADER_END.length);
    head = Buffer.alloc(0);
    events.emit('open');
    if (rest.length > 0) receive(rest);
  });
  socket.on('error', (error) => {
    if (!closed) events.emit('error', error);
  });
  socket.on('close', () => close(1006));
  return self;
}
