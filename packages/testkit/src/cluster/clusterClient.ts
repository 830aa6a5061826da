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
  /** Each refusal of a command as it comes, retryable ones (sent again) included. */
  onRefused?: (commandId: string, code: string, message: string) => void;
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

/**
 * The room's stream as this client received it: the events in arrival order, and every version that
 * came twice or after a hole. `last` is the highest version seen (the welcome's, then each event's).
 */
function createStreamRecord(onEvents: ClusterClientOptions['onEvents']) {
  const record = {
    received: [] as DeliveredEvent[],
    duplicates: [] as number[],
    gaps: [] as Array<{ expected: number; got: number }>,
    last: 0,
    take(events: readonly DeliveredEvent[]) {
      const fresh: DeliveredEvent[] = [];
      for (const delivered of events) {
        if (delivered.version <= record.last) {
          record.duplicates.push(delivered.version);
          continue;
        }
        if (delivered.version !== record.last + 1) {
          record.gaps.push({ expected: record.last + 1, got: delivered.version });
        }
        record.last = delivered.version;
        record.received.push(delivered);
        fresh.push(delivered);
      }
      if (fresh.length > 0) onEvents?.(fresh, now());
    },
  };
  return record;
}

/**
 * The commands sent and not answered yet: each is written when the client is joined, again after a
 * reconnect, and, refused with a retryable code, again after a pause, always with the same id.
 */
function createCommandQueue(
  write: (message: ClientMessage) => void,
  ready: () => boolean,
  retryDelayMs: number,
  onRefused: ClusterClientOptions['onRefused'],
) {
  const pending = new Map<string, Pending>();

  function transmit(commandId: string) {
    const entry = pending.get(commandId);
    if (!entry || !ready()) return;
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

  return {
    add(commandId: string, message: ClientMessage, resolve: (result: CommandResult) => void) {
      pending.set(commandId, { message, sentAt: now(), attempts: 0, resolve, timer: null });
      transmit(commandId);
    },
    transmitAll() {
      for (const commandId of pending.keys()) transmit(commandId);
    },
    has: (commandId: string) => pending.has(commandId),
    size: () => pending.size,
    acknowledged(commandId: string, version: number) {
      const entry = pending.get(commandId);
      if (!entry) return;
      settle(commandId, {
        ok: true,
        commandId,
        version,
        sentAt: entry.sentAt,
        ackedAt: now(),
        attempts: entry.attempts,
      });
    },
    /** A command refused: sent again later when the refusal is retryable, else settled with it. */
    refused(commandId: string, code: string, message: string) {
      if (pending.has(commandId)) onRefused?.(commandId, code, message);
      if (RETRYABLE.has(code)) retryLater(commandId);
      else settle(commandId, { ok: false, commandId, code, message });
    },
    stopTimers() {
      for (const entry of pending.values()) if (entry.timer) clearTimeout(entry.timer);
    },
  };
}

export function openClusterClient(options: ClusterClientOptions): ClusterClient {
  const retryDelayMs = options.retryDelayMs ?? 50;
  const stream = createStreamRecord(options.onEvents);
  const closeCodes: number[] = [];
  let socket: WebSocket | null = null;
  let attempts = 0;
  let ready = false;
  let welcomed = false;
  let closed = false;
  let waiters: Array<() => void> = [];

  const write = (message: ClientMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const commands = createCommandQueue(write, () => ready, retryDelayMs, options.onRefused);

  function becomeReady() {
    ready = true;
    for (const wake of waiters.splice(0)) wake();
    commands.transmitAll();
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
            lastVersion: welcomed ? stream.last : null,
          });
          break;
        case 'welcome':
          if (!welcomed) stream.last = message.version;
          welcomed = true;
          becomeReady();
          break;
        case 'resumed':
          becomeReady();
          break;
        case 'events':
          stream.take(message.events);
          break;
        case 'ack':
          commands.acknowledged(message.commandId, message.version);
          break;
        case 'rejected':
          commands.refused(message.commandId, message.code, message.message);
          break;
        case 'error':
          if (message.ref !== undefined && commands.has(message.ref))
            commands.refused(message.ref, message.code, message.message);
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
    received: stream.received,
    duplicates: stream.duplicates,
    gaps: stream.gaps,
    closeCodes,
    connections: () => attempts,
    lastVersion: () => stream.last,
    joined() {
      if (ready) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    send(command, commandId = crypto.randomUUID()) {
      return new Promise((resolve) => {
        const message: ClientMessage = { type: 'command', roomId: options.roomId, commandId, command };
        commands.add(commandId, message, resolve);
      });
    },
    pending: () => commands.size(),
    close() {
      closed = true;
      waiters = [];
      commands.stopTimers();
      socket?.close(1000);
    },
  };
}
