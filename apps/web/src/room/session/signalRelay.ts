// The media session's signal channel before and after the room is joined. The media session starts as
// soon as the room token arrives, while the socket is still joining: what it sends before the join
// waits here and goes out on the join, and what the room delivers before the session listens (its
// devices may still be opening) waits for its first listener. Once both are there it is a plain pass
// through to the room handle: signals are not queued across a reconnect (the mesh re-sends by itself).
import type { RoomHandle, RoomSignal } from '@lablive/client';
import type { SignalKind } from '@lablive/protocol';
import type { SignalChannel } from '../../media/mediaSession.ts';

/** Far more than a mesh sends while it starts (hello, offer, a few candidates per peer). */
export const RELAY_BUFFER_LIMIT = 256;

type Outgoing = { to: number | null; kind: SignalKind; payload: unknown };
type Listener = (from: number, kind: SignalKind, payload: unknown) => void;

export type SignalRelay = SignalChannel & {
  /** The room is joined: buffered signals go out and the room's signals come in. Once per relay. */
  attach(handle: Pick<RoomHandle, 'signal' | 'onSignal'>): void;
  /** Stops relaying and drops what still waits. */
  close(): void;
};

export function createSignalRelay(): SignalRelay {
  let handle: Pick<RoomHandle, 'signal' | 'onSignal'> | null = null;
  let unsubscribe: (() => void) | null = null;
  let closed = false;
  const outgoing: Outgoing[] = [];
  const incoming: RoomSignal[] = [];
  const listeners = new Set<Listener>();

  const keep = <T>(buffer: T[], item: T) => {
    // The oldest go first: the mesh sends again what still matters.
    if (buffer.length >= RELAY_BUFFER_LIMIT) buffer.shift();
    buffer.push(item);
  };

  function deliver(signal: RoomSignal): void {
    if (listeners.size === 0) keep(incoming, signal);
    else for (const listener of [...listeners]) listener(signal.from, signal.kind, signal.payload);
  }

  return {
    send(to, kind, payload) {
      if (closed) return;
      if (handle === null) keep(outgoing, { to, kind, payload });
      else handle.signal(to, kind, payload);
    },
    onSignal(listener) {
      listeners.add(listener);
      for (const signal of incoming.splice(0)) listener(signal.from, signal.kind, signal.payload);
      return () => listeners.delete(listener);
    },
    attach(joined) {
      if (closed || handle !== null) return;
      handle = joined;
      unsubscribe = joined.onSignal(deliver);
      for (const signal of outgoing.splice(0)) joined.signal(signal.to, signal.kind, signal.payload);
    },
    close() {
      closed = true;
      unsubscribe?.();
      outgoing.length = 0;
      incoming.length = 0;
      listeners.clear();
    },
  };
}
