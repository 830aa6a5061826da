// The presence of instances, watched from this one (the rules are in presenceSweep.ts). Every few
// seconds the hosts here record the departure of connections whose instance has been gone for the grace
// period. And when this instance loses its own lease connection, it drops its hosts (their leases went
// with it) and, if the connection is still lost after a third of the grace period, tells its listeners
// to close its room sockets, before the other instances drop those connections from their rooms.

import type { LocalHosts } from './localHosts.ts';
import { createAbsenceClock, instanceKeysIn, orphanedConnections } from './presenceSweep.ts';
import type { RoomHostDeps } from './roomHost.ts';
import type { RoomLeases } from './roomLeases.ts';

export type PresenceWatch = {
  /** Called when this instance stays cut from PostgreSQL too long: its sockets must close. */
  onCutOff(listener: () => void): void;
  stop(): void;
};

export function watchPresence(
  leases: RoomLeases,
  hosts: LocalHosts,
  log: RoomHostDeps['log'],
  sweepAfterMs: number,
): PresenceWatch {
  const absence = createAbsenceClock(sweepAfterMs);
  const cutOffListeners: Array<() => void> = [];
  let cutOffTimer: ReturnType<typeof setTimeout> | null = null;

  leases.onLost(() => {
    for (const roomId of hosts.roomIds()) void hosts.drop(roomId, 'lease_lost');
    // Without the lease connection this instance looks dead to the others: its connections must not
    // outlive the grace period after which their rooms drop them.
    absence.reset();
    if (cutOffTimer) clearTimeout(cutOffTimer);
    cutOffTimer = setTimeout(() => {
      cutOffTimer = null;
      if (leases.healthy()) return;
      log('warn', "lease connection still lost: closing this instance's room sockets", {
        afterMs: Math.round(sweepAfterMs / 3),
      });
      for (const listener of cutOffListeners) listener();
    }, sweepAfterMs / 3);
    cutOffTimer.unref();
  });

  let sweeping = false;
  async function sweepDeadConnections() {
    if (sweeping || hosts.roomIds().length === 0) return;
    sweeping = true;
    try {
      const live = await leases.liveInstances();
      if (live === null) return;
      const now = Date.now();
      const rooms = hosts.running();
      absence.observe(
        live,
        rooms.flatMap(([, host]) => instanceKeysIn(host.state())),
        now,
      );
      for (const [roomId, host] of rooms) {
        for (const { actor, connectionId } of orphanedConnections(host.state(), (key) =>
          absence.isGone(key, now),
        )) {
          const outcome = await host.submit({
            roomId,
            // One id per connection: a sweep that runs again while the first is in flight appends once.
            commandId: `presence-sweep:${connectionId}`,
            actor,
            command: { type: 'LeaveRoom', data: { connectionId, reason: 'connection_lost' } },
            correlationId: connectionId,
          });
          log('info', 'connection of a dead instance closed', {
            roomId,
            participantId: actor.participantId,
            connectionId,
            outcome: outcome.ok ? 'recorded' : outcome.code,
          });
        }
      }
    } catch (error) {
      log('warn', 'dead connections not swept', { error: String(error) });
    } finally {
      sweeping = false;
    }
  }
  // Looked for a few times per grace period.
  const sweepTimer = setInterval(
    () => void sweepDeadConnections(),
    Math.max(100, Math.min(5_000, sweepAfterMs / 4)),
  );
  sweepTimer.unref();

  return {
    onCutOff(listener) {
      cutOffListeners.push(listener);
    },
    stop() {
      clearInterval(sweepTimer);
      if (cutOffTimer) clearTimeout(cutOffTimer);
    },
  };
}
