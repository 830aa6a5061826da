// The realtime client: one connection shared by the rooms it follows. It routes the server's messages
// to their room (acks and rejections by commandId), rejoins every room with its last version after a
// reconnect, and turns the server's refusals into rejected joins, failed commands or reported issues.
import { type BackoffOptions, DEFAULT_BACKOFF } from './backoff.ts';
import {
  type CommandRetryOptions,
  commandRetryDelay,
  DEFAULT_COMMAND_RETRY,
  DEFAULT_OVERLOAD_RETRY,
} from './commandRetries.ts';
import { type Connection, type ConnectionStatus, createConnection } from './connection.ts';
import type { RealtimeError, RealtimeIssue } from './errors.ts';
import { createListeners, type Unsubscribe } from './listeners.ts';
import { createLobbyKnocks, type Knock } from './lobbyKnocks.ts';
import { createJoinRetries, createMessageRouter } from './messageRouting.ts';
import { createRoomSession, type RoomHandle, type RoomSession } from './roomHandle.ts';
import { defaultWebSocket, type WebSocketConstructor } from './webSocket.ts';

export type RealtimeStatus = ConnectionStatus;

export type RealtimeClientOptions = {
  /** The gateway's address, e.g. `wss://lablive.example/ws`. */
  url: string;
  /** The current access token; read before every connection attempt. */
  getToken: () => Promise<string> | string;
  /** Called when the server refused the token (close 4001): refresh it, then the client reconnects. */
  onTokenRejected?: () => Promise<void>;
  /** Defaults to globalThis.WebSocket (browsers, Node 22+); the `ws` package's class fits too. */
  WebSocket?: WebSocketConstructor;
  reconnect?: Partial<BackoffOptions>;
  /** Ping period in ms; a socket silent for a whole period is dropped and replaced. 0 disables. */
  heartbeatMs?: number;
  now?: () => number;
  random?: () => number;
  /** Command and connection ids; they must be UUIDs (the protocol says so). */
  createId?: () => string;
  /** Sending a command answered `room_unavailable` again; DEFAULT_COMMAND_RETRY by default. */
  commandRetry?: Partial<CommandRetryOptions>;
  /** Sending a command answered `overloaded` again; DEFAULT_OVERLOAD_RETRY by default. */
  overloadRetry?: Partial<CommandRetryOptions>;
};

export type JoinOptions = {
  /** This tab's connection id in the room; a fresh UUID by default. */
  connectionId?: string;
};

export type RealtimeClient = {
  readonly status: RealtimeStatus;
  onStatus(listener: (status: RealtimeStatus) => void): Unsubscribe;
  onError(listener: (issue: RealtimeIssue) => void): Unsubscribe;
  /** Resolves when the server first accepts the hello (retrying meanwhile); rejects if the client ends. */
  connect(): Promise<void>;
  /** Connects if needed and resolves with the room once its state arrived; joining twice gives the same. */
  join(roomId: number, options?: JoinOptions): Promise<RoomHandle>;
  /**
   * Knocks at a room whose event keeps its guests in the lobby, and hears the answer (waiting, then
   * admitted or refused); join once admitted. Closing the client gives the knock up.
   */
  knock(roomId: number): Knock;
  /** Ends the client: rejects what still waits, and never reconnects. */
  close(): void;
};

const DEFAULT_HEARTBEAT_MS = 20_000;

export type { CommandRetryOptions } from './commandRetries.ts';
export { DEFAULT_COMMAND_RETRY, DEFAULT_OVERLOAD_RETRY } from './commandRetries.ts';

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...options.reconnect };
  const random = options.random ?? Math.random;
  const retryDelay = commandRetryDelay(
    {
      roomUnavailable: { ...DEFAULT_COMMAND_RETRY, ...options.commandRetry },
      overloaded: { ...DEFAULT_OVERLOAD_RETRY, ...options.overloadRetry },
    },
    random,
  );
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const rooms = new Map<number, RoomSession>();
  // An onError listener that throws has nowhere left to be reported: it is dropped, not looped.
  const errorListeners = createListeners<[RealtimeIssue]>(() => {});
  const issue = (reported: RealtimeIssue) => errorListeners.emit(reported);
  const statusListeners = createListeners<[RealtimeStatus]>((cause) =>
    issue({ type: 'listener_failed', cause }),
  );

  let endError: RealtimeError | null = null;
  let resolveConnected: () => void = () => {};
  let rejectConnected: (error: RealtimeError) => void = () => {};
  const connected = new Promise<void>((resolve, reject) => {
    resolveConnected = resolve;
    rejectConnected = reject;
  });
  // The promise may end rejected with nobody awaiting it (join() alone, then close()).
  connected.catch(() => {});

  const WebSocketImpl = options.WebSocket ?? defaultWebSocket();
  if (WebSocketImpl === undefined) {
    throw new Error('No WebSocket implementation: pass the `ws` package class as options.WebSocket');
  }

  // Knocks go on the current socket; before it is authenticated, `authenticated` sends them.
  const knocks = createLobbyKnocks(
    (message) => connection.send(message),
    (cause) => issue({ type: 'listener_failed', cause }),
  );
  const joinRetries = createJoinRetries(backoff, random, rooms, (room) =>
    connection.send(room.joinMessage()),
  );
  const connection: Connection = createConnection(
    {
      url: options.url,
      getToken: options.getToken,
      onTokenRejected: options.onTokenRejected,
      WebSocket: WebSocketImpl,
      backoff,
      heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      now: options.now ?? Date.now,
      random,
    },
    {
      status: (status) => statusListeners.emit(status),
      authenticated() {
        resolveConnected();
        for (const room of rooms.values()) connection.send(room.joinMessage());
        knocks.resend();
      },
      disconnected() {
        for (const room of rooms.values()) room.connectionLost();
        joinRetries.clear();
      },
      message: createMessageRouter(rooms, joinRetries, issue, knocks),
      issue,
      ended(error) {
        endError = error;
        rejectConnected(error);
        joinRetries.clear();
        for (const room of [...rooms.values()]) room.end(error);
        rooms.clear();
      },
    },
  );

  return {
    get status() {
      return connection.status;
    },
    onStatus: (listener) => statusListeners.add(listener),
    onError: (listener) => errorListeners.add(listener),
    connect() {
      connection.start();
      return connected;
    },
    join(roomId, joinOptions = {}) {
      if (endError !== null) return Promise.reject(endError);
      const existing = rooms.get(roomId);
      if (existing !== undefined) return existing.joined;
      const room = createRoomSession({
        roomId,
        connectionId: joinOptions.connectionId ?? createId(),
        createId,
        send: (message) => connection.send(message),
        issue,
        forget: () => {
          if (rooms.get(roomId) === room) rooms.delete(roomId);
        },
        retryDelay,
      });
      rooms.set(roomId, room);
      connection.start();
      if (connection.status === 'open') connection.send(room.joinMessage());
      return room.joined;
    },
    knock(roomId) {
      const knock = knocks.knock(roomId);
      connection.start();
      return knock;
    },
    close() {
      connection.close();
    },
  };
}
