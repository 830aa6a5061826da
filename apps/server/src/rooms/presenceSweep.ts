// Connections of an instance that died stay in its rooms' presence: nobody was left to record their
// LeaveRoom. Each connection id carries the key of the instance that opened it, and every instance holds
// its key locked on its lease connection while it lives (roomLeases.ts). The host of a room records the
// departure of each connection whose instance has been gone for the grace period, as that connection
// closing with `connection_lost`: people who reconnected elsewhere stay present through their new
// connection, the others are shown gone.
//
// The grace period covers an instance cut from PostgreSQL for a while but still alive: it closes its own
// sockets after a third of that period without its lease connection (the clients reconnect and resume
// elsewhere), well before the others drop those connections from the rooms.
import { randomUUID } from 'node:crypto';
import type { RoomActor, RoomState } from '@lablive/domain';

const SEPARATOR = '~';

/** A new connection's id, marked with the key of the instance that opened it. */
export function newConnectionId(instanceKey: number): string {
  return `${instanceKey.toString(36)}${SEPARATOR}${randomUUID()}`;
}

/** The key of the instance that opened a connection, or null for an id not made by newConnectionId. */
export function instanceKeyOf(connectionId: string): number | null {
  const at = connectionId.indexOf(SEPARATOR);
  const prefix = connectionId.slice(0, Math.max(0, at));
  if (!/^[0-9a-z]{1,7}$/.test(prefix)) return null;
  const key = Number.parseInt(prefix, 36);
  return Number.isSafeInteger(key) && key > 0 ? key : null;
}

/** The instances that opened the room's connections. */
export function instanceKeysIn(state: RoomState): number[] {
  const keys = new Set<number>();
  for (const viewer of state.viewers) {
    for (const connectionId of viewer.connections) {
      const key = instanceKeyOf(connectionId);
      if (key !== null) keys.add(key);
    }
  }
  return [...keys];
}

export type OrphanedConnection = { actor: RoomActor; connectionId: string };

/** The connections in the room opened by an instance that `isGone` says is gone, with their viewer. */
export function orphanedConnections(
  state: RoomState,
  isGone: (instanceKey: number) => boolean,
): OrphanedConnection[] {
  const orphaned: OrphanedConnection[] = [];
  for (const viewer of state.viewers) {
    for (const connectionId of viewer.connections) {
      const key = instanceKeyOf(connectionId);
      if (key === null || !isGone(key)) continue;
      const { id: participantId, userId, role, name, email } = viewer;
      orphaned.push({ actor: { participantId, userId, role, name, email }, connectionId });
    }
  }
  return orphaned;
}

/**
 * Which instances have been missing from the live set for the whole grace period. An instance is
 * timed from the first look that missed it, so one absent before this instance started waits one grace
 * period too; one seen alive again, or no longer in any room, is forgotten.
 */
export function createAbsenceClock(graceMs: number) {
  const missingSince = new Map<number, number>();
  return {
    /** Records a look at the live instances, at `now` (epoch ms). */
    observe(live: ReadonlySet<number>, seen: Iterable<number>, now: number) {
      const current = new Set(seen);
      for (const key of missingSince.keys()) {
        if (live.has(key) || !current.has(key)) missingSince.delete(key);
      }
      for (const key of current) {
        if (!live.has(key) && !missingSince.has(key)) missingSince.set(key, now);
      }
    },
    isGone(key: number, now: number): boolean {
      const since = missingSince.get(key);
      return since !== undefined && now - since >= graceMs;
    },
    /** Forgets every observation: after this instance lost its own view (its lease connection). */
    reset() {
      missingSince.clear();
    },
  };
}
