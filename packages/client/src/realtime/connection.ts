// The socket's lifecycle: open it, say hello with the access token, parse every frame, keep it alive
// with pings, and reconnect with backoff when it drops. A refused token is refreshed before the next
// attempt; an incompatible server ends the connection for good. Rooms are not its concern.
import {
  CLOSE_CODES,
  type ClientMessage,
  PROTOCOL_ERRORS,
  PROTOCOL_VERSION,
  type ServerMessage,
  serverFrameSchema,
} from '@lablive/protocol';
import { z } from 'zod';
import { type BackoffOptions, backoffDelay } from './backoff.ts';
import { REALTIME_ERROR_CODES, RealtimeError, type RealtimeIssue } from './errors.ts';
import { SOCKET_OPEN, type WebSocketConstructor, type WebSocketLike } from './webSocket.ts';

/**
 * `idle` until connect(); `connecting` until the first hello is accepted (retries included); `open`
 * while authenticated; `reconnecting` after a drop; `closed` and `incompatible` are final.
 */
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed' | 'incompatible';

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

export function createConnection(options: ConnectionOptions, events: ConnectionEvents): Connection {
  let status: ConnectionStatus = 'idle';
  let socket: WebSocketLike | null = null;
  let authenticated = false;
  let everAuthenticated = false;
  /** Failed attempts since the last accepted hello: the backoff's exponent. */
  let attempt = 0;
  /** Set when the server refused the token, so the close that follows refreshes it first. */
  let tokenRefused = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  let heardSinceLastPing = true;
  /** Bumped for every attempt, so an attempt that awaited the token learns it was overtaken. */
  let generation = 0;

  const ended = () => status === 'closed' || status === 'incompatible';

  function setStatus(next: ConnectionStatus): void {
    if (status === next) return;
    status = next;
    events.status(next);
  }

  function end(next: 'closed' | 'incompatible', error: RealtimeError): void {
    if (ended()) return;
    generation += 1;
    stopTimers();
    if (socket !== null) discard(socket, 1000);
    socket = null;
    authenticated = false;
    setStatus(next);
    events.ended(error);
  }

  function stopTimers(): void {
    if (retryTimer !== null) clearTimeout(retryTimer);
    if (heartbeatTimer !== null) clearInterval(heartbeatTimer);
    retryTimer = null;
    heartbeatTimer = null;
  }

  async function attemptConnection(): Promise<void> {
    generation += 1;
    const current = generation;
    let token: string;
    try {
      token = await options.getToken();
    } catch (cause) {
      end('closed', new RealtimeError(REALTIME_ERROR_CODES.unauthorized, 'No access token', { cause }));
      return;
    }
    if (current !== generation || ended()) return;
    let opened: WebSocketLike;
    try {
      opened = new options.WebSocket(options.url);
    } catch (cause) {
      end('closed', new RealtimeError(REALTIME_ERROR_CODES.closed, `Cannot open ${options.url}`, { cause }));
      return;
    }
    socket = opened;
    opened.onopen = () => {
      const hello: ClientMessage = { type: 'hello', protocolVersion: PROTOCOL_VERSION, token };
      opened.send(JSON.stringify(hello));
    };
    opened.onmessage = (event) => receive(event.data);
    opened.onclose = (event) => dropped(opened, event.code);
    // A close event always follows an error event, and carries the code: nothing to do here.
    opened.onerror = ignore;
  }

  function receive(data: unknown): void {
    heardSinceLastPing = true;
    if (typeof data !== 'string') {
      events.issue({ type: 'malformed_frame', data: '', reason: 'Binary frame' });
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      events.issue({ type: 'malformed_frame', data, reason: 'Not JSON' });
      return;
    }
    const parsed = serverFrameSchema.safeParse(json);
    if (!parsed.success) {
      events.issue({ type: 'malformed_frame', data, reason: z.prettifyError(parsed.error) });
      return;
    }
    const messages = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    // A frame may end the connection half-way (incompatible); the rest of it is then moot.
    for (const message of messages) if (!ended()) handle(message);
  }

  function handle(message: ServerMessage): void {
    switch (message.type) {
      case 'authenticated':
        authenticated = true;
        everAuthenticated = true;
        attempt = 0;
        tokenRefused = false;
        setStatus('open');
        startHeartbeat();
        events.authenticated();
        return;
      case 'incompatible':
        end(
          'incompatible',
          new RealtimeError(
            REALTIME_ERROR_CODES.incompatible,
            `The server speaks protocol ${message.serverVersion}, this client ${PROTOCOL_VERSION}`,
            { serverCode: message.reason },
          ),
        );
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
    if (lost !== socket || ended()) return;
    socket = null;
    authenticated = false;
    stopTimers();
    if (code === CLOSE_CODES.incompatible) {
      end(
        'incompatible',
        new RealtimeError(REALTIME_ERROR_CODES.incompatible, 'The server refused this protocol version'),
      );
      return;
    }
    setStatus(everAuthenticated ? 'reconnecting' : 'connecting');
    events.disconnected();
    if (code === CLOSE_CODES.unauthorized || tokenRefused) {
      tokenRefused = false;
      void refreshThenRetry();
      return;
    }
    scheduleRetry();
  }

  async function refreshThenRetry(): Promise<void> {
    const current = generation;
    if (options.onTokenRejected !== undefined) {
      try {
        await options.onTokenRejected();
      } catch (cause) {
        events.issue({ type: 'token_refresh_failed', cause });
        end(
          'closed',
          new RealtimeError(REALTIME_ERROR_CODES.unauthorized, 'The token refresh failed', { cause }),
        );
        return;
      }
    }
    // Without onTokenRejected, getToken is trusted to hand out a fresh token by itself.
    if (current === generation && !ended()) scheduleRetry();
  }

  function scheduleRetry(): void {
    const delay = backoffDelay(attempt, options.backoff, options.random);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void attemptConnection();
    }, delay);
  }

  function startHeartbeat(): void {
    if (options.heartbeatMs <= 0) return;
    heardSinceLastPing = true;
    heartbeatTimer = setInterval(() => {
      const current = socket;
      if (current === null) return;
      if (!heardSinceLastPing) {
        // A dead network may take minutes to close the socket: give up on it now and reconnect.
        discard(current);
        dropped(current, null);
        return;
      }
      heardSinceLastPing = false;
      send({ type: 'ping', at: options.now() });
    }, options.heartbeatMs);
  }

  function send(message: ClientMessage): boolean {
    if (socket === null || !authenticated || socket.readyState !== SOCKET_OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  return {
    get status() {
      return status;
    },
    start() {
      if (status !== 'idle') return;
      setStatus('connecting');
      void attemptConnection();
    },
    send,
    close() {
      end('closed', new RealtimeError(REALTIME_ERROR_CODES.closed, 'The realtime client was closed'));
    },
  };
}
