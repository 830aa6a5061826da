// Quiet rooms leave memory. A room whose state shows no connection (nobody's socket is in it, on any
// instance: joins and leaves are commands of the room, and the presence sweep records the leaves of
// dead instances' connections) and whose host took no command for the quiet period is unloaded: its
// host stops (saving a snapshot), its bus subscriptions go and its lease is released. The next command
// or join loads it again from that snapshot plus the log after it, on whichever instance needs it.
//
// A command that reaches the host while it unloads is answered room_unavailable and routed again
// (roomRequests.ts): it loads the room anew, and the same command id still appends once.
import type { RoomState } from '@lablive/domain';
import type { LocalHosts } from './localHosts.ts';
import type { RoomHost } from './roomHost.ts';

export type QuietRooms = { stop(): void };

/** Nobody's connection in the room, nothing waiting, and no command for `quietAfterMs`. */
export function isQuiet(host: RoomHost, now: number, quietAfterMs: number): boolean {
  return host.waiting() === 0 && now - host.lastCommandAt() >= quietAfterMs && !anyoneConnected(host.state());
}

function anyoneConnected(state: RoomState): boolean {
  return state.viewers.some((viewer) => viewer.connections.length > 0);
}

export function unloadQuietRooms(hosts: LocalHosts, now: () => Date, quietAfterMs: number): QuietRooms {
  const timer = setInterval(
    () => {
      const at = now().getTime();
      // Checked and dropped in the same turn: no command can slip in between (drop() takes the host
      // out of the map before it awaits anything).
      for (const [roomId, host] of hosts.running()) {
        if (isQuiet(host, at, quietAfterMs)) void hosts.drop(roomId, 'idle');
      }
    },
    // A few looks per quiet period, at most every 30 s: a room stays at most a quarter period longer.
    Math.max(50, Math.min(30_000, quietAfterMs / 4)),
  );
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
