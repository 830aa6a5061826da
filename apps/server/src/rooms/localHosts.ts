// The rooms this instance hosts. A room is taken when its lease is: its host starts from the log and
// answers the room's command and snapshot subjects on the bus. A host stops when the instance drains or
// closes, when its lease is lost, when another host's append fenced it off, or when the room has been
// quiet long enough (quietRooms.ts); its lease is then released, and the room is not taken again here
// before that.
import { DomainError } from '@lablive/domain';
import { loadRoomConfig } from '../access/roomAccess.ts';
import type { Bus, Subscription } from '../bus/index.ts';
import type { HostStopReason, RoomInstruments } from '../observability/instruments.ts';
import type { InstanceWaiting } from './hostAdmission.ts';
import { type RoomHost, type RoomHostDeps, startRoomHost } from './roomHost.ts';
import type { RoomLeases } from './roomLeases.ts';
import { roomCodec } from './roomMessages.ts';
import { roomSubjects } from './roomSubjects.ts';

export type LocalHosts = {
  /** This instance's host of the room, running or stopping. */
  get(roomId: number): RoomHost | undefined;
  roomIds(): number[];
  /** The hosts still running, with their room. */
  running(): Array<[number, RoomHost]>;
  /** The room's host here, started (its lease taken) when nobody hosts it; null when it is not taken. */
  ensure(roomId: number): Promise<RoomHost | null>;
  drop(roomId: number, reason: HostStopReason): Promise<void>;
  /** Takes no room any more, waits for the hosts starting, and stops every host. */
  dropAll(reason: 'drain' | 'close'): Promise<void>;
};

export function createLocalHosts(
  bus: Bus,
  leases: RoomLeases,
  hostDeps: RoomHostDeps & { instruments: RoomInstruments },
  /** Every host's waiting commands, counted against the instance's bound (hostAdmission.ts). */
  instanceWaiting?: InstanceWaiting,
): LocalHosts {
  const { db, log, instruments } = hostDeps;
  const hosts = new Map<number, { host: RoomHost; replies: Subscription[] }>();
  const starting = new Map<number, Promise<RoomHost | null>>();
  /** False once draining or closing: no room is taken any more. */
  let takingRooms = true;
  /** Rooms whose host is stopping: not taken again here before their lease is released. */
  const leaving = new Set<number>();

  async function drop(roomId: number, reason: HostStopReason) {
    const entry = hosts.get(roomId);
    if (!entry) return;
    hosts.delete(roomId);
    leaving.add(roomId);
    try {
      for (const reply of entry.replies) reply.unsubscribe();
      await entry.host.stop();
      await leases.release(roomId);
    } finally {
      leaving.delete(roomId);
    }
    instruments.hostStopped(reason);
    log('info', 'room host stopped', { roomId, reason });
  }

  async function startHosting(roomId: number): Promise<RoomHost | null> {
    // Without the bus a host here would answer nobody else and publish to nobody (busLossWatchdog.ts).
    if (!takingRooms || !bus.healthy() || leaving.has(roomId)) return null;
    if (!(await leases.tryAcquire(roomId))) return null;
    try {
      const room = await loadRoomConfig(db, null, roomId);
      if (!room) throw new DomainError('not_found', `No room ${roomId}.`);
      const host = await startRoomHost(
        room.config,
        hostDeps,
        () => void drop(roomId, 'fenced'),
        instanceWaiting,
      );
      if (!leases.held().includes(roomId)) {
        // The lease connection was lost while the room loaded: someone else may take it now.
        await host.stop();
        return null;
      }
      hosts.set(roomId, { host, replies: answerOnTheBus(bus, host) });
      instruments.hostStarted();
      log('info', 'room host started', { roomId, version: host.state().version });
      return host;
    } catch (error) {
      await leases.release(roomId);
      throw error;
    }
  }

  return {
    get: (roomId) => hosts.get(roomId)?.host,
    roomIds: () => [...hosts.keys()],
    running: () =>
      [...hosts.entries()]
        .filter(([, entry]) => !entry.host.stopped())
        .map(([roomId, entry]): [number, RoomHost] => [roomId, entry.host]),
    ensure(roomId) {
      const hosted = hosts.get(roomId);
      if (hosted && !hosted.host.stopped()) return Promise.resolve(hosted.host);
      if (!takingRooms) return Promise.resolve(null);
      let pending = starting.get(roomId);
      if (!pending) {
        pending = startHosting(roomId).finally(() => starting.delete(roomId));
        starting.set(roomId, pending);
      }
      return pending;
    },
    drop,
    async dropAll(reason) {
      takingRooms = false;
      await Promise.all([...starting.values()].map((pending) => pending.catch(() => null)));
      await Promise.all([...hosts.keys()].map((roomId) => drop(roomId, reason)));
    },
  };
}

/** The room's command and snapshot subjects, answered by its host here for the other instances. */
function answerOnTheBus(bus: Bus, host: RoomHost): Subscription[] {
  return [
    bus.reply(roomSubjects.command(host.roomId), async (payload) =>
      roomCodec.encode(await host.submit(roomCodec.envelope(payload))),
    ),
    bus.reply(roomSubjects.snapshot(host.roomId), () =>
      roomCodec.encode({ state: host.state(), version: host.state().version }),
    ),
  ];
}
