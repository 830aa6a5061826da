// The load of every live instance, for placing a room on the least loaded one. An instance's load is the
// sum over its rooms of max(people connected now, the room's invited size while the room is young): a
// room just taken counts for the people expected before they arrive. Each instance publishes its load
// and its rooms on the bus every few seconds; the live instances are those holding their instance lock
// (roomLeases.ts). A room placed on an instance counts there at once, on the placing instance, until the
// target's own report lists it: a burst of rooms does not all see the same stale loads.
import { z } from 'zod';
import { type Bus, decodeJson, encodeJson } from '../bus/index.ts';
import type { LocalHosts } from './localHosts.ts';
import type { RoomHostDeps } from './roomHostState.ts';
import type { RoomLeases } from './roomLeases.ts';

/** Where the instances' loads are published. */
export const INSTANCE_LOADS_SUBJECT = 'instances.load';

const reportSchema = z.object({
  instanceKey: z.number().int(),
  load: z.number().nonnegative(),
  rooms: z.array(z.number().int()),
  /** False once the instance drains or closes: it takes no room any more. */
  taking: z.boolean(),
});
type Report = z.infer<typeof reportSchema>;

/** How soon a room taken here is reported, at most once in that time. */
const SOON_MS = 100;
/** A placement not yet in its target's report is forgotten after this (the target may have dropped it). */
const PENDING_TTL_MS = 30_000;

export type InstanceLoadsOptions = {
  /** How long a room just taken counts for its invited size (5 minutes). */
  youngRoomMs: number;
  /** How often the load is published and the live instances read again (2 s). */
  reportEveryMs: number;
};

export type InstanceLoads = {
  /** The live instances taking rooms (this one included, unless it left), each with its load now. */
  candidates(): Map<number, number>;
  /** Counts a room on an instance at once, until that instance's report lists it or it is forgotten. */
  placed(instanceKey: number, roomId: number, size: number): void;
  forget(instanceKey: number, roomId: number): void;
  /** An instance that did not answer a placement: no candidate until it reports again. */
  unresponsive(instanceKey: number): void;
  /** A room this instance took: its invited size counts while the room is young. */
  hosting(roomId: number, invitedSize: number): void;
  /** This instance's own load now. */
  ownLoad(): number;
  /** Takes no room any more: tells the others, and stops reporting. */
  leave(): void;
  stop(): void;
};

type Pending = { roomId: number; size: number; at: number };

export function watchInstanceLoads(
  bus: Bus,
  leases: RoomLeases,
  hosts: LocalHosts,
  log: RoomHostDeps['log'],
  options: InstanceLoadsOptions,
): InstanceLoads {
  const self = leases.instanceKey;
  /** This instance's rooms: their invited size and when they were taken. */
  const ownRooms = new Map<number, { invited: number; since: number }>();
  const reports = new Map<number, { load: number; rooms: Set<number>; taking: boolean }>();
  const pending = new Map<number, Pending[]>();
  let live: Set<number> | null = null;
  let taking = true;
  let soon: ReturnType<typeof setTimeout> | null = null;

  function ownLoad(): number {
    const now = Date.now();
    let load = 0;
    for (const [roomId, host] of hosts.running()) {
      const room = ownRooms.get(roomId);
      const young = room !== undefined && now - room.since < options.youngRoomMs;
      load += Math.max(host.state().viewers.length, young ? room.invited : 0);
    }
    return load;
  }

  function ownReport(): Report {
    return { instanceKey: self, load: ownLoad(), rooms: hosts.running().map(([roomId]) => roomId), taking };
  }

  /** Placements the instance's rooms do not show yet, dropping those they show or too old to wait for. */
  function stillPending(instanceKey: number, rooms: ReadonlySet<number>): Pending[] {
    const now = Date.now();
    const kept = (pending.get(instanceKey) ?? []).filter(
      (placement) => !rooms.has(placement.roomId) && now - placement.at < PENDING_TTL_MS,
    );
    if (kept.length > 0) pending.set(instanceKey, kept);
    else pending.delete(instanceKey);
    return kept;
  }

  function report() {
    // Rooms no longer hosted here stop counting; a room taken again later is young again.
    for (const roomId of ownRooms.keys()) if (!hosts.get(roomId)) ownRooms.delete(roomId);
    bus.publish(INSTANCE_LOADS_SUBJECT, encodeJson(ownReport()));
    leases.liveInstances().then(
      (keys) => {
        if (keys === null) return;
        live = keys;
        for (const key of reports.keys()) if (!keys.has(key)) reports.delete(key);
      },
      (error: unknown) => log('warn', 'live instances not read', { error: String(error) }),
    );
  }

  const subscription = bus.subscribe(INSTANCE_LOADS_SUBJECT, (payload) => {
    const parsed = reportSchema.safeParse(decodeJson(payload));
    if (!parsed.success) {
      log('warn', 'instance load report refused', { error: parsed.error.message });
      return;
    }
    const { instanceKey, load, rooms, taking: itTakes } = parsed.data;
    if (instanceKey === self) return;
    const known = reports.has(instanceKey);
    reports.set(instanceKey, { load, rooms: new Set(rooms), taking: itTakes });
    // It is alive, having just spoken: the next read of the live instances confirms it or drops it.
    live?.add(instanceKey);
    // An instance just started (or back) learns this one's load now, not a period later.
    if (!known && itTakes && taking) bus.publish(INSTANCE_LOADS_SUBJECT, encodeJson(ownReport()));
  });
  report();
  const timer = setInterval(report, options.reportEveryMs);
  timer.unref();

  return {
    candidates() {
      const loads = new Map<number, number>();
      if (taking) {
        const own = new Set(hosts.running().map(([roomId]) => roomId));
        loads.set(self, ownLoad() + sum(stillPending(self, own)));
      }
      for (const [key, known] of reports) {
        // Only instances seen alive in PostgreSQL, once that was read: a silent one is gone.
        if (!known.taking || (live !== null && !live.has(key))) continue;
        loads.set(key, known.load + sum(stillPending(key, known.rooms)));
      }
      return loads;
    },
    placed(instanceKey, roomId, size) {
      const list = pending.get(instanceKey) ?? [];
      list.push({ roomId, size, at: Date.now() });
      pending.set(instanceKey, list);
    },
    forget(instanceKey, roomId) {
      const kept = (pending.get(instanceKey) ?? []).filter((placement) => placement.roomId !== roomId);
      if (kept.length > 0) pending.set(instanceKey, kept);
      else pending.delete(instanceKey);
    },
    unresponsive(instanceKey) {
      reports.delete(instanceKey);
      pending.delete(instanceKey);
    },
    hosting(roomId, invitedSize) {
      if (ownRooms.has(roomId)) return;
      ownRooms.set(roomId, { invited: invitedSize, since: Date.now() });
      // During a burst the others place by this load: it goes out soon, not a period later.
      if (soon === null && taking) {
        soon = setTimeout(() => {
          soon = null;
          if (taking) bus.publish(INSTANCE_LOADS_SUBJECT, encodeJson(ownReport()));
        }, SOON_MS);
        soon.unref();
      }
    },
    ownLoad,
    leave() {
      if (!taking) return;
      taking = false;
      clearInterval(timer);
      bus.publish(INSTANCE_LOADS_SUBJECT, encodeJson(ownReport()));
    },
    stop() {
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      subscription.unsubscribe();
    },
  };
}

const sum = (placements: readonly Pending[]) => placements.reduce((total, { size }) => total + size, 0);
