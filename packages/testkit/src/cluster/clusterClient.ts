// A room-socket client that behaves as the protocol asks a client to (docs/protocol.md) and records
// what it got, for the failover tests and measurements: it reconnects after any close, resumes with the
// last version it saw, sends every unacknowledged command again with the same id after a reconnect or a
// room_unavailable answer, and counts any version received twice or skipped.
import type { ClientRoomCommand } from '@lablive/domain';
import {
  type ClientMessage,
  type DeliveredEvent,
  PROTOCOL_VERSION,
  serverFrameSchema,
} from '@lablive/protocol';
import WebSocket from 'ws';

export type ClusterClientOptions = {
  name: string;
  token: string;
  roomId: number;
  /** The address of each connection attempt (counted from 1): the load balancer or an instance. */
  url: (attempt: number) => string;
  /** Wait before reconnecting, and before sending a command again; default 50 ms. */
  retryDelayMs?: number;
  /** Live events as they arrive, with the time they arrived (ms since the epoch, sub-ms precise). */
  onEvents?: (events: readonly DeliveredEvent[], receivedAt: number) => void;
};

export type CommandResult =
  | { ok: true; commandId: string; version: number; sentAt: number; ackedAt: number; attempts: number }
  | { ok: false; commandId: string; code: string; message: string };

export type ClusterClient = {
  readonly name: string;
  /** Events received after the welcome, in arrival order; a duplicate is counted, not kept. */
  readonly received: DeliveredEvent[];
  readonly duplicates: number[];
  readonly gaps: Array<{ expected: number; got: number }>;
  readonly closeCodes: number[];
  /** Connections opened so far (1 + reconnections). */
  connections(): number;
  lastVersion(): number;
  /** Resolves once joined on the current connection. */
  joined(): Promise<void>;
  /** Resolves with the acknowledgement, however many reconnects and retries it takes. */
  send(command: ClientRoomCommand, commandId?: string): Promise<CommandResult>;
  /** Commands sent and not answered yet. */
  pending(): number;
  close(): void;
};

type Pending = {
  message: ClientMessage;
  sentAt: number;
  attempts: number;
  resolve: (result: CommandResult) => void;
  timer: ReturnType<typeof setTimeout> | null;
};

const RETRYABLE = new Set(['room_unavailable', 'rate_limited']);
const now = () => performance.timeOrigin + performance.now();

export function openClusterClient(options: ClusterClientOptions): ClusterClient {
  const retryDelayMs = options.retryDelayMs ?? 50;
  const received: DeliveredEvent[] = [];
  const duplicates: number[] = [];
  const gaps: Array<{ expected: number; got: number }> = [];
  const closeCodes: number[] = [];
  const pending = new Map<string, Pending>();
  let socket: WebSocket | null = null;
  let attempts = 0;
  let ready = false;
  let welcomed = false;
  let last = 0;
  let closed = false;
  let waiters: Array<() => void> = [];

  const write = (message: ClientMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  function transmit(commandId: string) {
    const entry = pending.get(commandId);
    if (!entry || !ready) return;
    entry.attempts++;
    write(entry.message);
  }

  function retryLater(commandId: string) {
    const entry = pending.get(commandId);
    if (!entry || entry.timer) return;
    entry.timer = setTimeout(() => {
      entry.timer = null;
      transmit(commandId);
    }, retryDelayMs * 2);
  }

  function settle(commandId: string, result: CommandResult) {
    const entry = pending.get(commandId);
    if (!entry) return;
    pending.delete(commandId);
    if (entry.timer) clearTimeout(entry.timer);
    entry.resolve(result);
  }

  function becomeReady() {
    ready = true;
    for (const wake of waiters.splice(0)) wake();
    for (const commandId of pending.keys()) transmit(commandId);
  }

  function receiveEvents(events: readonly DeliveredEvent[]) {
    const fresh: DeliveredEvent[] = [];
    for (const delivered of events) {
      if (delivered.version <= last) {
        duplicates.push(delivered.version);
        continue;
      }
      if (delivered.version !== last + 1) gaps.push({ expected: last + 1, got: delivered.version });
      last = delivered.version;
      received.push(delivered);
      fresh.push(delivered);
    }
    if (fresh.length > 0) options.onEvents?.(fresh, now());
  }

  function receive(data: string) {
    const parsed = serverFrameSchema.parse(JSON.parse(data));
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      switch (message.type) {
        case 'authenticated':
          write({
            type: 'join',
            roomId: options.roomId,
            connectionId: options.name,
            lastVersion: welcomed ? last : null,
          });
          break;
        case 'welcome':
          if (!welcomed) last = message.version;
          welcomed = true;
          becomeReady();
          break;
        case 'resumed':
          becomeReady();
          break;
        case 'events':
          receiveEvents(message.events);
          break;
        case 'ack': {
          const entry = pending.get(message.commandId);
          if (entry) {
            settle(message.commandId, {
              ok: true,
              commandId: message.commandId,
              version: message.version,
              sentAt: entry.sentAt,
              ackedAt: now(),
              attempts: entry.attempts,
            });
          }
          break;
        }
        case 'rejected':
          if (RETRYABLE.has(message.code)) retryLater(message.commandId);
          else
            settle(message.commandId, {
              ok: false,
              commandId: message.commandId,
              code: message.code,
              message: message.message,
            });
          break;
        case 'error':
          if (message.ref !== undefined && pending.has(message.ref)) {
            if (RETRYABLE.has(message.code)) retryLater(message.ref);
            else
              settle(message.ref, {
                ok: false,
                commandId: message.ref,
                code: message.code,
                message: message.message,
              });
          }
          break;
        default:
          break;
      }
    }
  }

  function connect() {
    if (closed) return;
    attempts++;
    const current = new WebSocket(options.url(attempts));
    socket = current;
    current.on('open', () => {
      write({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token: options.token });
    });
    current.on('message', (data) => receive(String(data)));
    // A refused upgrade (503 from a draining instance) or a refused connection ends in a close too.
    current.on('error', () => {});
    current.on('close', (code) => {
      if (socket !== current) return;
      socket = null;
      ready = false;
      closeCodes.push(code);
      if (!closed) setTimeout(connect, retryDelayMs);
    });
  }

  connect();

  return {
    name: options.name,
    received,
    duplicates,
    gaps,
    closeCodes,
    connections: () => attempts,
    lastVersion: () => last,
    joined() {
      if (ready) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    send(command, commandId = crypto.randomUUID()) {
      return new Promise((resolve) => {
        const message: ClientMessage = { type: 'command', roomId: options.roomId, commandId, command };
        pending.set(commandId, { message, sentAt: now(), attempts: 0, resolve, timer: null });
        transmit(commandId);
      });
    },
    pending: () => pending.size,
    close() {
      closed = true;
      waiters = [];
      for (const entry of pending.values()) if (entry.timer) clearTimeout(entry.timer);
      socket?.close(1000);
    },
  };
}
