// An instance cut from PostgreSQL gives its rooms and its sockets up. Losing the lease connection
// loses every lease with it, so the hosts here stop at once (another instance may already be taking
// their rooms). And without that connection this instance looks dead to the others, whose presence
// sweep (presenceWatch.ts) drops its connections from their rooms after the grace period: if the
// connection is still lost after a third of that period, its sockets are closed first, so their
// clients resume on another instance instead of being shown gone.
import type { LocalHosts } from './localHosts.ts';
import type { RoomHostDeps } from './roomHost.ts';
import type { RoomLeases } from './roomLeases.ts';

export type CutOffWatchdog = {
  /** Called when this instance stays cut from PostgreSQL too long: its sockets must close. */
  onCutOff(listener: () => void): void;
  stop(): void;
};

export function watchCutOff(
  leases: RoomLeases,
  hosts: LocalHosts,
  log: RoomHostDeps['log'],
  sweepAfterMs: number,
): CutOffWatchdog {
  const listeners: Array<() => void> = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  leases.onLost(() => {
    for (const roomId of hosts.roomIds()) void hosts.drop(roomId, 'lease_lost');
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (leases.healthy()) return;
      log('warn', "lease connection still lost: closing this instance's room sockets", {
        afterMs: Math.round(sweepAfterMs / 3),
      });
      for (const listener of listeners) listener();
    }, sweepAfterMs / 3);
    timer.unref();
  });

  return {
    onCutOff(listener) {
      listeners.push(listener);
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}
