// The RoomService of one instance: runs commands on the room's host wherever it is. A room this
// instance hosts is served in-process; another instance's room is reached over the bus; a room nobody
// hosts is taken (lease) by the instance that needs it. Committed events reach every instance's
// followers over the bus. A host that moves (drain, fencing, lost lease) answers room_unavailable, and
// the command is routed again to wherever the room is next: the same command id appends once.
import { DomainError } from '@lablive/domain';
import { loadRoomConfig } from '../access/roomAccess.ts';
import { type Bus, BusTimeoutError, NoRespondersError, type Subscription } from '../bus/index.ts';
import type { Db } from '../db/connection.ts';
import {
  type BusRequestOutcome,
  type HostStopReason,
  noInstruments,
  type RoomInstruments,
} from '../observability/instruments.ts';
import { createAbsenceClock, instanceKeysIn, newConnectionId, orphanedConnections } from './presenceSweep.ts';
import { type RoomHost, type RoomHostDeps, startRoomHost } from './roomHost.ts';
import { openRoomLeases } from './roomLeases.ts';
import { roomCodec } from './roomMessages.ts';
import type { CommandEnvelope, CommandOutcome, RoomService, RoomSnapshot } from './roomService.ts';
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

const ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const outcomeOf = (error: unknown): BusRequestOutcome =>
  error instanceof NoRespondersError
    ? 'no_responders'
    : error instanceof BusTimeoutError
      ? 'timeout'
      : 'error';

export async function createRoomService(deps: RoomServiceDeps): Promise<RunningRoomService> {
  const log: RoomHostDeps['log'] =
    deps.log ?? ((level, message, details) => console.error(`[rooms] ${level} ${message}`, details ?? ''));
  const instruments = deps.instruments ?? noInstruments;
  const leases = await openRoomLeases(deps.databaseUrl, {
    log: (message, details) => log('warn', message, details),
  });
  const hostDeps: RoomHostDeps = {
    db: deps.db,
    bus: deps.bus,
    now: deps.now ?? (() => new Date()),
    log,
    instruments,
    ...(deps.participantLimit === undefined ? {} : { participantLimit: deps.participantLimit }),
    ...(deps.wakeUp === undefined ? {} : { wakeUp: deps.wakeUp }),
  };
  // Short: a request that reached a host just killed is only answered by this timeout, and asking again
  // is safe (the same command id appends once), so a lost host costs a command 2 s, not more.
  const timeoutMs = deps.requestTimeoutMs ?? 2000;
  const hosts = new Map<number, { host: RoomHost; replies: Subscription[] }>();
  const starting = new Map<number, Promise<RoomHost | null>>();
  /** False once draining or closing: no room is taken any more. */
  let takingRooms = true;
  /** Rooms whose host is stopping: not taken again here before their lease is released. */
  const leaving = new Set<number>();

  async function dropHost(roomId: number, reason: HostStopReason) {
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

  // Dead instances' connections (presenceSweep.ts): looked for a few times per grace period.
  const sweepAfterMs = deps.presenceSweepAfterMs ?? 45_000;
  const absence = createAbsenceClock(sweepAfterMs);
  const cutOffListeners: Array<() => void> = [];
  let cutOffTimer: ReturnType<typeof setTimeout> | null = null;

  leases.onLost(() => {
    for (const roomId of [...hosts.keys()]) void dropHost(roomId, 'lease_lost');
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
    if (sweeping || hosts.size === 0) return;
    sweeping = true;
    try {
      const live = await leases.liveInstances();
      if (live === null) return;
      const now = Date.now();
      const rooms = [...hosts.entries()].filter(([, entry]) => !entry.host.stopped());
      absence.observe(
        live,
        rooms.flatMap(([, entry]) => instanceKeysIn(entry.host.state())),
        now,
      );
      for (const [roomId, { host }] of rooms) {
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
  const sweepTimer = setInterval(
    () => void sweepDeadConnections(),
    Math.max(100, Math.min(5_000, sweepAfterMs / 4)),
  );
  sweepTimer.unref();

  async function timedRequest(kind: 'cmd' | 'snapshot', subject: string, payload: Uint8Array) {
    const started = performance.now();
    try {
      const answer = await deps.bus.request(subject, payload, { timeoutMs });
      instruments.busRequest(kind, 'ok', (performance.now() - started) / 1000);
      return answer;
    } catch (error) {
      instruments.busRequest(kind, outcomeOf(error), (performance.now() - started) / 1000);
      throw error;
    }
  }

  async function startHosting(roomId: number): Promise<RoomHost | null> {
    if (!takingRooms || leaving.has(roomId) || !(await leases.tryAcquire(roomId))) return null;
    try {
      const room = await loadRoomConfig(deps.db, null, roomId);
      if (!room) throw new DomainError('not_found', `No room ${roomId}.`);
      const host = await startRoomHost(room.config, hostDeps, () => void dropHost(roomId, 'fenced'));
      if (!leases.held().includes(roomId)) {
        // The lease connection was lost while the room loaded: someone else may take it now.
        await host.stop();
        return null;
      }
      const replies = [
        deps.bus.reply(roomSubjects.command(roomId), async (payload) =>
          roomCodec.encode(await host.submit(roomCodec.envelope(payload))),
        ),
        deps.bus.reply(roomSubjects.snapshot(roomId), () =>
          roomCodec.encode({ state: host.state(), version: host.state().version }),
        ),
      ];
      hosts.set(roomId, { host, replies });
      instruments.hostStarted();
      log('info', 'room host started', { roomId, version: host.state().version });
      return host;
    } catch (error) {
      await leases.release(roomId);
      throw error;
    }
  }

  function ensureHost(roomId: number): Promise<RoomHost | null> {
    const hosted = hosts.get(roomId);
    if (hosted && !hosted.host.stopped()) return Promise.resolve(hosted.host);
    if (!takingRooms) return Promise.resolve(null);
    let pending = starting.get(roomId);
    if (!pending) {
      pending = startHosting(roomId).finally(() => starting.delete(roomId));
      starting.set(roomId, pending);
    }
    return pending;
  }

  /** Runs `local` on this instance's host, or `remote` over the bus, taking the room when unhosted. */
  async function route<T>(
    roomId: number,
    local: (host: RoomHost) => Promise<T | null>,
    remote: () => Promise<T | null>,
  ): Promise<T | null> {
    let timedOut = false;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const hosted = hosts.get(roomId)?.host;
      if (hosted && !hosted.stopped()) {
        const result = await local(hosted);
        if (result !== null) return result;
      } else {
        try {
          const result = await remote();
          if (result !== null) return result;
        } catch (error) {
          if (error instanceof BusTimeoutError && !timedOut) {
            // The host may have died with the request: ask again once, whoever hosts the room now.
            timedOut = true;
            continue;
          }
          if (!(error instanceof NoRespondersError)) throw error;
          if ((await ensureHost(roomId)) !== null) continue;
        }
      }
      // Another instance holds the lease but is not answering yet (starting, or stopping).
      await sleep(25 * 2 ** attempt);
    }
    return null;
  }

  return {
    async execute(envelope: CommandEnvelope): Promise<CommandOutcome> {
      const unavailable: CommandOutcome = {
        ok: false,
        commandId: envelope.commandId,
        code: 'room_unavailable',
        message: 'The room is not available right now; retry.',
      };
      const outcome = await route(
        envelope.roomId,
        async (host) => {
          const result = await host.submit(envelope);
          return !result.ok && result.code === 'room_unavailable' ? null : result;
        },
        async () => {
          const result = roomCodec.outcome(
            await timedRequest('cmd', roomSubjects.command(envelope.roomId), roomCodec.encode(envelope)),
          );
          // The remote host is stopping: route again, to the room's next host.
          return !result.ok && result.code === 'room_unavailable' ? null : result;
        },
      ).catch((error: unknown) => {
        if (error instanceof DomainError) throw error;
        hostDeps.log('warn', 'room command could not be routed', {
          roomId: envelope.roomId,
          error: String(error),
        });
        return unavailable;
      });
      return outcome ?? unavailable;
    },

    async snapshot(roomId: number): Promise<RoomSnapshot> {
      const snapshot = await route(
        roomId,
        async (host) => ({ state: host.state(), version: host.state().version }),
        async () =>
          roomCodec.snapshot(await timedRequest('snapshot', roomSubjects.snapshot(roomId), new Uint8Array())),
      );
      if (!snapshot) throw new DomainError('conflict', 'The room is not available right now; retry.');
      return snapshot;
    },

    follow(roomId, onBatch) {
      const subscription = deps.bus.subscribe(roomSubjects.events(roomId), (payload) => {
        onBatch(roomCodec.batch(payload));
      });
      return { stop: () => subscription.unsubscribe() };
    },

    newConnectionId: () => newConnectionId(leases.instanceKey),
    onCutOff(listener) {
      cutOffListeners.push(listener);
    },

    hostedRooms: () => [...hosts.keys()],
    leasesHealthy: () => leases.healthy(),

    async drain() {
      takingRooms = false;
      await Promise.all([...starting.values()].map((pending) => pending.catch(() => null)));
      await Promise.all([...hosts.keys()].map((roomId) => dropHost(roomId, 'drain')));
    },

    async close() {
      takingRooms = false;
      clearInterval(sweepTimer);
      if (cutOffTimer) clearTimeout(cutOffTimer);
      await Promise.all([...starting.values()].map((pending) => pending.catch(() => null)));
      await Promise.all([...hosts.keys()].map((roomId) => dropHost(roomId, 'close')));
      await leases.close();
    },
  };
}
