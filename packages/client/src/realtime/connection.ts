// The socket's lifecycle: open it, say hello with the access token, parse every frame, keep it alive
// with pings, and reconnect with backoff when it drops. A refused token is refreshed before the next
// attempt; an incompatible server ends the connection for good. Rooms are not its concern.
import {
  CLOSE_CODES,
  type ClientMessage,
  PROTOCOL_ERRORS,
  PROTOCOL_VERSION,
  type ServerMessage,
} from '@lablive/protocol';
import { type BackoffOptions, createRetrySchedule } from './backoff.ts';
import { type ConnectionStatus, createStatusCell } from './connectionStatus.ts';
import { REALTIME_ERROR_CODES, RealtimeError, type RealtimeIssue } from './errors.ts';
import { createHeartbeat } from './heartbeat.ts';
import { parseServerFrame } from './serverFrames.ts';
import { SOCKET_OPEN, type WebSocketConstructor, type WebSocketLike } from './webSocket.ts';

export type { ConnectionStatus } from './connectionStatus.ts';

export type ConnectionOptions = {
  url: string;
  getToken: () => Promise<string> | string;
  onTokenRejected: (() => Promise<void>) | undefined;
  WebSocket: WebSocketConstructor;
  backoff: BackoffOptions;
  /** A ping every this many ms while open; a socket silent for a whole period is dropped. 0: never. */
  heartbeatMs: number;
  now: () => number;
  random: () => number;
};

export type ConnectionEvents = {
  status(status: ConnectionStatus): void;
  /** The server accepted the hello on a new socket: the place to (re)join rooms. */
  authenticated(): void;
  /** The socket is gone; another follows unless the connection ended. */
  disconnected(): void;
  message(message: ServerMessage): void;
  issue(issue: RealtimeIssue): void;
  /** Final: close(), an incompatible server or a token that cannot be had. */
  ended(error: RealtimeError): void;
};

export type Connection = {
  readonly status: ConnectionStatus;
  start(): void;
  /** Sends on the authenticated socket; false (nothing sent) while there is none. */
  send(message: ClientMessage): boolean;
  close(): void;
};

const ignore = () => {};

/** Makes a socket inert: later events of a socket the connection gave up on must not reach it. */
function discard(socket: WebSocketLike, code?: number): void {
  socket.onopen = ignore;
  socket.onmessage = ignore;
  socket.onclose = ignore;
  // Kept as a no-op rather than null: the `ws` package throws an error event nobody listens to.
  socket.onerror = ignore;
  try {
    socket.close(code);
  } catch {
    // Closing a socket that is still connecting may throw on some platforms; it is dropped either way.
  }
}

/** A new socket that says hello with the token once open; its frames and its close go to `on`. */
function openHelloSocket(
  options: ConnectionOptions,
  token: string,
  on: { frame(data: unknown): void; closed(socket: WebSocketLike, code: number): void },
): WebSocketLike {
  const opened = new options.WebSocket(options.url);
  opened.onopen = () => {
    const hello: ClientMessage = { type: 'hello', protocolVersion: PROTOCOL_VERSION, token };
    opened.send(JSON.stringify(hello));
  };
  opened.onmessage = (event) => on.frame(event.data);
  opened.onclose = (event) => on.closed(opened, event.code);
  // A close event always follows an error event, and carries the code: nothing to do here.
  opened.onerror = ignore;
  return opened;
}

/** How long the heartbeat's witness waits for the server to answer a ping on a new socket. */
const WITNESS_TIMEOUT_MS = 5_000;

/**
 * Pings the server on a new socket, without a hello (the gateway answers pings before it): true once a
 * pong comes back within `WITNESS_TIMEOUT_MS`, false if not or if the socket closes (heartbeat.ts: why).
 */
function serverAnswersNewSocket(options: ConnectionOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    let witness: WebSocketLike | null = null;
    const finish = (answered: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (witness !== null) discard(witness, 1000);
      resolve(answered);
    };
    const timer = setTimeout(() => finish(false), WITNESS_TIMEOUT_MS);
    try {
      witness = new options.WebSocket(options.url);
    } catch {
      finish(false);
      return;
    }
    const opened = witness;
    opened.onopen = () => {
      const ping: ClientMessage = { type: 'ping', at: options.now() };
      opened.send(JSON.stringify(ping));
    };
    opened.onmessage = (event) => {
      const frame = parseServerFrame(event.data);
      if (frame.ok && frame.messages.some((message) => message.type === 'pong')) finish(true);
    };
    opened.onclose = () => finish(false);
    opened.onerror = ignore;
  });
}

/** Why a connection ended for good, as the error its `ended` event carries. */
const endings = {
  noToken: (cause: unknown) =>
    new RealtimeError(REALTIME_ERROR_CODES.unauthorized, 'No access token', { cause }),
  cannotOpen: (url: string, cause: unknown) =>
    new RealtimeError(REALTIME_ERROR_CODES.closed, `Cannot open ${url}`, { cause }),
  incompatibleServer: (serverVersion: number, reason: string) =>
    new RealtimeError(
      REALTIME_ERROR_CODES.incompatible,
      `The server speaks protocol ${serverVersion}, this client ${PROTOCOL_VERSION}`,
      { serverCode: reason },
    ),
  refusedVersion: () =>
    new RealtimeError(REALTIME_ERROR_CODES.incompatible, 'The server refused this protocol version'),
  refreshFailed: (cause: unknown) =>
    new RealtimeError(REALTIME_ERROR_CODES.unauthorized, 'The token refresh failed', { cause }),
  closed: () => new RealtimeError(REALTIME_ERROR_CODES.closed, 'The realtime client was closed'),
};

export function createConnection(options: ConnectionOptions, events: ConnectionEvents): Connection {
  const status = createStatusCell((next) => events.status(next));
  let socket: WebSocketLike | null = null;
  let authenticated = false;
  let everAuthenticated = false;
  /** Set when the server refused the token, so the close that follows refreshes it first. */
  let tokenRefused = false;
  const retries = createRetrySchedule(options.backoff, options.random, () => void attemptConnection());
  const heartbeat = createHeartbeat(options.heartbeatMs, {
    active: () => socket !== null,
    ping: () => send({ type: 'ping', at: options.now() }),
    silent() {
      const current = socket;
      if (current === null) return;
      discard(current);
      dropped(current, null);
    },
    witness: () => serverAnswersNewSocket(options),
  });
  /** Bumped for every attempt, so an attempt that awaited the token learns it was overtaken. */
  let generation = 0;

  function end(next: 'closed' | 'incompatible', error: RealtimeError): void {
    if (status.ended()) return;
    generation += 1;
    stopTimers();
    if (socket !== null) discard(socket, 1000);
    socket = null;
    authenticated = false;
    status.set(next);
    events.ended(error);
  }

  function stopTimers(): void {
    retries.stop();
    heartbeat.stop();
  }

  async function attemptConnection(): Promise<void> {
    generation += 1;
    const current = generation;
    let token: string;
    try {
      token = await options.getToken();
    } catch (cause) {
      end('closed', endings.noToken(cause));
      return;
    }
    if (current !== generation || status.ended()) return;
    try {
      socket = openHelloSocket(options, token, { frame: receive, closed: dropped });
    } catch (cause) {
      end('closed', endings.cannotOpen(options.url, cause));
    }
  }

  function receive(data: unknown): void {
    heartbeat.heard();
    const frame = parseServerFrame(data);
    if (!frame.ok) {
      events.issue(frame.issue);
      return;
    }
    // A frame may end the connection half-way (incompatible); the rest of it is then moot.
    for (const message of frame.messages) if (!status.ended()) handle(message);
  }

  function handle(message: ServerMessage): void {
    switch (message.type) {
      case 'authenticated':
        authenticated = true;
        everAuthenticated = true;
        retries.succeeded();
        tokenRefused = false;
        status.set('open');
        heartbeat.start();
        events.authenticated();
        return;
      case 'incompatible':
        end('incompatible', endings.incompatibleServer(message.serverVersion, message.reason));
        return;
      case 'pong':
        return;
      case 'error':
        // The hello's refusal: the close (4001) that follows refreshes the token.
        if (!authenticated && message.code === PROTOCOL_ERRORS.invalidToken) {
          tokenRefused = true;
          return;
        }
        events.message(message);
        return;
      default:
        events.message(message);
    }
  }

  function dropped(lost: WebSocketLike, code: number | null): void {
    if (lost !== socket || status.ended()) return;
    socket = null;
    authenticated = false;
    stopTimers();
    if (code === CLOSE_CODES.incompatible) {
      end('incompatible', endings.refusedVersion());
      return;
    }
    status.set(everAuthenticated ? 'reconnecting' : 'connecting');
    events.disconnected();
    if (code === CLOSE_CODES.unauthorized || tokenRefused) {
      tokenRefused = false;
      void refreshThenRetry();
      return;
    }
    retries.schedule();
  }

  async function refreshThenRetry(): Promise<void> {
    const current = generation;
    if (options.onTokenRejected !== undefined) {
      try {
        await options.onTokenRejected();
      } catch (cause) {
        events.issue({ type: 'token_refresh_failed', cause });
        end('closed', endings.refreshFailed(cause));
        return;
      }
    }
    // Without onTokenRejected, getToken is trusted to hand out a fresh token by itself.
    if (current === generation && !status.ended()) retries.schedule();
  }

  function send(message: ClientMessage): boolean {
    if (socket === null || !authenticated || socket.readyState !== SOCKET_OPEN) return false;
    socket.send(JSON.stringify(message));
    if (message.type === 'command') heartbeat.expectAnswer();
    return true;
  }

  return {
    get status() {
      return status.current;
    },
    start() {
      if (status.current !== 'idle') return;
      status.set('connecting');
      void attemptConnection();
    },
    send,
    close() {
      end('closed', endings.closed());
    },
  };
}
