// The RoomService of one instance: runs commands on the room's host wherever it is. A room this
// instance hosts is served in-process; another instance's room is reached over the bus; a room nobody
// hosts is placed on the least loaded live instance, which takes its lease. Committed events reach
// every instance's followers over the bus. A host that moves (drain, fencing, lost lease) answers
// room_unavailable, and the command is routed again to wherever the room is next: the same command id
// appends once.
//
// The pieces: localHosts.ts (the rooms hosted here: start, stop), roomRouting.ts (where a request goes),
// roomRequests.ts (a command or snapshot on the room's host, routed again while it moves),
// presenceWatch.ts (dead instances' connections), cutOffWatchdog.ts and busLossWatchdog.ts (this
// instance cut from PostgreSQL or from the bus),
// quietRooms.ts (rooms nobody uses leave memory), hostAdmission.ts (bounds on waiting commands),
// roomPlacement.ts and instanceLoads.ts (where an unhosted room goes).
import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/connection.ts';
import { createInstanceCommits } from '../event-store/index.ts';
import { noInstruments, type RoomInstruments } from '../observability/instruments.ts';
import { watchBusLoss } from './busLossWatchdog.ts';
import { watchCutOff } from './cutOffWatchdog.ts';
import { createInstanceWaiting, type WaitingBounds } from './hostAdmission.ts';
import { createLocalHosts } from './localHosts.ts';
import { newConnectionId } from './presenceSweep.ts';
import { watchPresence } from './presenceWatch.ts';
import { unloadQuietRooms } from './quietRooms.ts';
import type { RoomHostDeps } from './roomHost.ts';
import { openRoomLeases } from './roomLeases.ts';
import { roomCodec } from './roomMessages.ts';
import { DEFAULT_PLACEMENT, type RoomPlacementOptions, startRoomPlacement } from './roomPlacement.ts';
import { createRoomRequests } from './roomRequests.ts';
import { createRoomRouter } from './roomRouting.ts';
import type { RoomService } from './roomService.ts';
import { roomSubjects } from './roomSubjects.ts';

export type RoomServiceDeps = {
  db: Db;
  /** For the lease connection (see roomLeases.ts). */
  databaseUrl: string;
  bus: Bus;
  now?: () => Date;
  log?: RoomHostDeps['log'];
  requestTimeoutMs?: number;
  instruments?: RoomInstruments;
  /** Commands per participant of a room; see RoomHostDeps. */
  participantLimit?: RoomHostDeps['participantLimit'];
  /** How long an instance must be gone before its connections leave the rooms hosted here (45 s). */
  presenceSweepAfterMs?: number;
  /** Told after each commit, so this instance's projections read at once. */
  wakeUp?: RoomHostDeps['wakeUp'];
  /** How long the bus may be down before this instance gives its rooms and sockets up (3 s). */
  busLostAfterMs?: number;
  /** How long a room with no connection and no command stays loaded (quietRooms.ts; 10 min). */
  quietAfterMs?: number;
  /** Commands waiting per room and per instance before `overloaded` (hostAdmission.ts). */
  waitingBounds?: WaitingBounds;
  /** Placement by load (roomPlacement.ts): how long a new room counts its guests, how often loads go out. */
  placement?: Partial<Omit<RoomPlacementOptions, 'timeoutMs'>>;
};

export type RunningRoomService = RoomService & {
  hostedRooms(): number[];
  /** Whether rooms can be taken: the lease connection is open. */
  leasesHealthy(): boolean;
  /**
   * Hands the rooms over: takes no new room, stops every host (its current batch completes, queued
   * commands are answered room_unavailable and retried by their instance) and releases the leases.
   */
  drain(): Promise<void>;
  close(): Promise<void>;
};

export async function createRoomService(deps: RoomServiceDeps): Promise<RunningRoomService> {
  const log: RoomHostDeps['log'] =
    deps.log ?? ((level, message, details) => console.error(`[rooms] ${level} ${message}`, details ?? ''));
  const instruments = deps.instruments ?? noInstruments;
  const leases = await openRoomLeases(deps.databaseUrl, {
    log: (message, details) => log('warn', message, details),
  });
  const hostDeps = {
    db: deps.db,
    bus: deps.bus,
    now: deps.now ?? (() => new Date()),
    log,
    instruments,
    ...(deps.participantLimit === undefined ? {} : { participantLimit: deps.participantLimit }),
    ...(deps.wakeUp === undefined ? {} : { wakeUp: deps.wakeUp }),
    // The batches of this instance's rooms that are ready in the same turn commit in one call.
    commits: createInstanceCommits(deps.db),
  } satisfies RoomHostDeps;
  const hosts = createLocalHosts(deps.bus, leases, hostDeps, createInstanceWaiting(deps.waitingBounds));
  const quiet = unloadQuietRooms(hosts, hostDeps.now, deps.quietAfterMs ?? 10 * 60_000);
  const sweepAfterMs = deps.presenceSweepAfterMs ?? 45_000;
  // Dead instances' connections (presenceSweep.ts), after a grace period of 45 s by default.
  const presence = watchPresence(leases, hosts, log, sweepAfterMs);
  const cutOff = watchCutOff(leases, hosts, log, sweepAfterMs);
  // Longer than NATS's reconnection after a restart of its server (about a second).
  const busLoss = watchBusLoss(deps.bus, hosts, log, deps.busLostAfterMs ?? 3000);
  // Short: a request that reached a host just killed is only answered by this timeout, and asking again
  // is safe (the same command id appends once), so a lost host costs a command 2 s, not more.
  const timeoutMs = deps.requestTimeoutMs ?? 2000;
  const placement = startRoomPlacement(
    { bus: deps.bus, db: deps.db, leases, hosts, log },
    { ...DEFAULT_PLACEMENT, ...deps.placement, timeoutMs },
  );
  const router = createRoomRouter(deps.bus, hosts, instruments, timeoutMs, placement.place);
  const requests = createRoomRequests(router, log);

  return {
    execute: requests.execute,
    snapshot: requests.snapshot,

    follow(roomId, onBatch) {
      const subscription = deps.bus.subscribe(roomSubjects.events(roomId), (payload) => {
        onBatch(roomCodec.batch(payload));
      });
      return { stop: () => subscription.unsubscribe() };
    },

    newConnectionId: () => newConnectionId(leases.instanceKey),
    onCutOff(listener) {
      cutOff.onCutOff(listener);
      busLoss.onCutOff(listener);
    },

    hostedRooms: () => hosts.roomIds(),
    leasesHealthy: () => leases.healthy(),

    drain() {
      placement.leave();
      return hosts.dropAll('drain');
    },

    async close() {
      presence.stop();
      cutOff.stop();
      busLoss.stop();
      quiet.stop();
      placement.leave();
      placement.stop();
      await hosts.dropAll('close');
      await leases.close();
    },
  };
}
