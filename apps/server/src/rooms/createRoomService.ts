// The RoomService of one instance: runs commands on the room's host wherever it is. A room this
// instance hosts is served in-process; another instance's room is reached over the bus; a room nobody
// hosts is taken (lease) by the instance that needs it. Committed events reach every instance's
// followers over the bus.
import { DomainError } from '@lablive/domain';
import { type Bus, NoRespondersError, type Subscription } from '../bus/index.ts';
import type { Db } from '../db/connection.ts';
import { loadRoomConfig } from './roomAccess.ts';
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
};

export type RunningRoomService = RoomService & {
  hostedRooms(): number[];
  close(): Promise<void>;
};

const ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createRoomService(deps: RoomServiceDeps): Promise<RunningRoomService> {
  const leases = await openRoomLeases(deps.databaseUrl);
  const hostDeps: RoomHostDeps = {
    db: deps.db,
    bus: deps.bus,
    now: deps.now ?? (() => new Date()),
    log:
      deps.log ?? ((level, message, details) => console.error(`[rooms] ${level} ${message}`, details ?? '')),
  };
  const timeoutMs = deps.requestTimeoutMs ?? 5000;
  const hosts = new Map<number, { host: RoomHost; replies: Subscription[] }>();
  const starting = new Map<number, Promise<RoomHost | null>>();

  async function dropHost(roomId: number) {
    const entry = hosts.get(roomId);
    if (!entry) return;
    hosts.delete(roomId);
    for (const reply of entry.replies) reply.unsubscribe();
    await entry.host.stop();
    await leases.release(roomId);
  }

  leases.onLost(() => {
    hostDeps.log('error', 'room lease connection lost: every hosted room is released', {});
    for (const roomId of [...hosts.keys()]) void dropHost(roomId);
  });

  async function startHosting(roomId: number): Promise<RoomHost | null> {
    if (!(await leases.tryAcquire(roomId))) return null;
    try {
      const room = await loadRoomConfig(deps.db, null, roomId);
      if (!room) throw new DomainError('not_found', `No room ${roomId}.`);
      const host = await startRoomHost(room.config, hostDeps, () => void dropHost(roomId));
      const replies = [
        deps.bus.reply(roomSubjects.command(roomId), async (payload) =>
          roomCodec.encode(await host.submit(roomCodec.envelope(payload))),
        ),
        deps.bus.reply(roomSubjects.snapshot(roomId), () =>
          roomCodec.encode({ state: host.state(), version: host.state().version }),
        ),
      ];
      hosts.set(roomId, { host, replies });
      return host;
    } catch (error) {
      await leases.release(roomId);
      throw error;
    }
  }

  function ensureHost(roomId: number): Promise<RoomHost | null> {
    const hosted = hosts.get(roomId);
    if (hosted) return Promise.resolve(hosted.host);
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
    remote: () => Promise<T>,
  ): Promise<T | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const hosted = hosts.get(roomId)?.host;
      if (hosted && !hosted.stopped()) {
        const result = await local(hosted);
        if (result !== null) return result;
      } else {
        try {
          return await remote();
        } catch (error) {
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
        async () =>
          roomCodec.outcome(
            await deps.bus.request(roomSubjects.command(envelope.roomId), roomCodec.encode(envelope), {
              timeoutMs,
            }),
          ),
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
          roomCodec.snapshot(
            await deps.bus.request(roomSubjects.snapshot(roomId), new Uint8Array(), { timeoutMs }),
          ),
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

    hostedRooms: () => [...hosts.keys()],

    async close() {
      for (const roomId of [...hosts.keys()]) await dropHost(roomId);
      await leases.close();
    },
  };
}
