// The presence of instances, watched from this one (the rules are in presenceSweep.ts): every few
// seconds the hosts here record the departure of connections whose instance has been gone for the grace
// period. What this instance does when it is the one cut off is cutOffWatchdog.ts.

import type { LocalHosts } from './localHosts.ts';
import { createAbsenceClock, instanceKeysIn, orphanedConnections } from './presenceSweep.ts';
import type { RoomHostDeps } from './roomHost.ts';
import type { RoomLeases } from './roomLeases.ts';

export type PresenceWatch = { stop(): void };

export function watchPresence(
  leases: RoomLeases,
  hosts: LocalHosts,
  log: RoomHostDeps['log'],
  sweepAfterMs: number,
): PresenceWatch {
  const absence = createAbsenceClock(sweepAfterMs);

  // Without the lease connection this instance has no view of the others: what it saw before is void.
  leases.onLost(() => absence.reset());

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
    stop() {
      clearInterval(sweepTimer);
    },
  };
}
