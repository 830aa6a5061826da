// One person of the soak: a socket on the fan-out bench's minimal WebSocket client (rawWebSocket.ts via
// benchClient.ts) that says hello, joins its room, and after a reconnection joins again with the last
// version it holds and sends again, with the same ids, the commands not answered before, as
// packages/client does. It checks what it receives: versions contiguous (none missing, none twice), each
// chat message once; and matches the answers to the commands it sent.
import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION } from '@lablive/protocol';
import { openSocket } from '../fanout/benchClient.ts';
import type { RawWebSocket } from '../fanout/rawWebSocket.ts';

type Delivered = { version: number; event: { type: string; data: Record<string, unknown> } };
type ServerMessage = {
  type: string;
  roomId?: number;
  version?: number;
  commandId?: string;
  code?: string;
  message?: string;
  events?: Delivered[];
};

export type SoakClientEvents = {
  /** The client is in its room (first welcome or a resume). */
  live(client: SoakClient): void;
  event(client: SoakClient, delivered: Delivered, receivedAt: number): void;
  answered(client: SoakClient, sent: SentCommand, outcome: ServerMessage, receivedAt: number): void;
  closedByServer(client: SoakClient, code: number): void;
};

export type SentCommand = {
  commandId: string;
  kind: string;
  sentAt: number;
  detail?: string;
  frame: string;
  /** Sent again after a resume: its latency includes the reconnection, so it is not timed. */
  resent: boolean;
};

export type SoakClient = {
  index: number;
  isAnimator: boolean;
  live: boolean;
  /** The room's version this client holds (-1 before its first welcome). */
  lastVersion: number;
  /** The version of its first welcome: what it must receive is after it. */
  firstVersion: number;
  chats: Set<string>;
  lostVersions: number;
  duplicatedVersions: number;
  duplicatedChats: number;
  pending: Map<string, SentCommand>;
  /** The type of the last message received, and when (performance.now()): what a stuck client last saw. */
  lastMessage: { type: string; at: number };
  send(kind: string, command: unknown, detail?: string): void;
  /** Closes the socket (the server sees it go) and opens a new one that resumes; the commands unanswered. */
  reconnect(): number;
  close(): void;
};

export function openSoakClient(
  url: string,
  token: string,
  roomId: number,
  index: number,
  isAnimator: boolean,
  events: SoakClientEvents,
): { client: SoakClient; ready: Promise<void> } {
  let socket: RawWebSocket;
  let resolveReady: () => void = () => {};
  let rejectReady: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });

  const client: SoakClient = {
    index,
    isAnimator,
    live: false,
    lastVersion: -1,
    firstVersion: -1,
    chats: new Set(),
    lostVersions: 0,
    duplicatedVersions: 0,
    duplicatedChats: 0,
    pending: new Map(),
    lastMessage: { type: 'none', at: performance.now() },
    send(kind, command, detail) {
      if (!client.live) return;
      const commandId = randomUUID();
      const frame = JSON.stringify({ type: 'command', roomId, commandId, command });
      client.pending.set(commandId, {
        commandId,
        kind,
        sentAt: performance.now(),
        ...(detail ? { detail } : {}),
        frame,
        resent: false,
      });
      socket.send(frame);
    },
    reconnect() {
      const unanswered = client.pending.size;
      client.live = false;
      socket.terminate();
      connect();
      return unanswered;
    },
    close() {
      client.live = false;
      socket.terminate();
    },
  };

  function receive(message: ServerMessage, receivedAt: number) {
    client.lastMessage = { type: message.type, at: receivedAt };
    switch (message.type) {
      case 'authenticated':
        socket.send(
          JSON.stringify({
            type: 'join',
            roomId,
            connectionId: `soak-${index}`,
            ...(client.lastVersion >= 0 ? { lastVersion: client.lastVersion } : {}),
          }),
        );
        return;
      case 'welcome':
        if (client.firstVersion < 0) client.firstVersion = message.version ?? 0;
        client.lastVersion = message.version ?? 0;
        client.live = true;
        events.live(client);
        resolveReady();
        return;
      case 'resumed':
        client.live = true;
        // As packages/client does: what was not answered before the cut goes again, with the same id.
        for (const sent of client.pending.values()) {
          sent.resent = true;
          socket.send(sent.frame);
        }
        events.live(client);
        return;
      case 'events':
        for (const delivered of message.events ?? []) {
          if (delivered.version <= client.lastVersion) client.duplicatedVersions++;
          else {
            client.lostVersions += delivered.version - client.lastVersion - 1;
            client.lastVersion = delivered.version;
          }
          events.event(client, delivered, receivedAt);
        }
        return;
      case 'ack':
      case 'rejected': {
        const sent = client.pending.get(message.commandId ?? '');
        if (!sent) return;
        client.pending.delete(sent.commandId);
        events.answered(client, sent, message, receivedAt);
        return;
      }
      case 'error':
      case 'incompatible':
        if (!client.live) rejectReady(new Error(`LabLive refused the client: ${JSON.stringify(message)}`));
        return;
    }
  }

  function connect() {
    socket = openSocket(url);
    const current = socket;
    current.events.on('open', () => {
      current.send(JSON.stringify({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token }));
    });
    current.onMessage = (data: Buffer) => {
      const receivedAt = performance.now();
      const frame = JSON.parse(data.toString('utf8')) as ServerMessage | ServerMessage[];
      for (const message of Array.isArray(frame) ? frame : [frame]) receive(message, receivedAt);
    };
    current.events.on('close', (code: number) => {
      if (current !== socket) return;
      client.live = false;
      if (client.firstVersion < 0) rejectReady(new Error(`closed with ${code} before the welcome`));
      else events.closedByServer(client, code);
    });
  }
  connect();
  return { client, ready };
}
