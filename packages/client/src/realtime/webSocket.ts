// The part of the WebSocket API the client uses, so that the browser's WebSocket, Node's global one and
// the `ws` package's class all fit without a cast.

/**
 * A handler type taken from a method signature: its parameter is checked bivariantly, which lets the
 * platforms' richer event types (MessageEvent, CloseEvent, ws's own) stand for these minimal shapes.
 */
type Handler<Event> = { handle(event: Event): void }['handle'];

export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ readonly data: unknown }> | null;
  onclose: Handler<{ readonly code: number; readonly reason: string }> | null;
  onerror: Handler<unknown> | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** `readyState` of an open socket (the WebSocket.OPEN constant, the same on every platform). */
export const SOCKET_OPEN = 1;

export function defaultWebSocket(): WebSocketConstructor | undefined {
  return globalThis.WebSocket;
}
