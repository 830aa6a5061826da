// Where a room nobody hosts goes: to the least loaded live instance (instanceLoads.ts), counted there at
// once. The chosen instance is asked over the bus to take the room (its lease) and answers whether it
// did; this instance takes the room itself when it is the least loaded, when the chosen one refuses
// (draining, or another instance got the lease first) or does not answer in time. The lease still
// decides who hosts: two placements of one room at once end with one host.
import { z } from 'zod';
import { type Bus, BusTimeoutError, decodeJson, encodeJson, NoRespondersError } from '../bus/index.ts';
import type { Db } from '../db/connection.ts';
import { type InstanceLoads, type InstanceLoadsOptions, watchInstanceLoads } from './instanceLoads.ts';
import { readInvitedSize } from './invitedSizes.repository.ts';
import type { LocalHosts } from './localHosts.ts';
import type { RoomHostDeps } from './roomHostState.ts';
import type { RoomLeases } from './roomLeases.ts';

/** Asks one instance to take a room. */
export const placeSubject = (instanceKey: number) => `instance.${instanceKey}.place`;

const requestSchema = z.object({ roomId: z.number().int().positive(), size: z.number().int().min(0) });
const answerSchema = z.object({ taken: z.boolean() });

export type RoomPlacement = {
  /** Has the unhosted room taken by the least loaded instance; false when nobody took it (yet). */
  place(roomId: number): Promise<boolean>;
  /** Takes no room any more (draining): the others stop placing rooms here. */
  leave(): void;
  stop(): void;
};

export type RoomPlacementOptions = InstanceLoadsOptions & {
  /** How long the chosen instance has to answer before this one takes the room. */
  timeoutMs: number;
  /**
   * This instance takes the room while its load exceeds the least loaded one's by no more than this
   * (people): a difference smaller than a room is not worth a bus hop and a remote start (20).
   */
  slack: number;
};

export const DEFAULT_PLACEMENT = { youngRoomMs: 5 * 60_000, reportEveryMs: 2_000, slack: 20 } as const;

export function startRoomPlacement(
  deps: { bus: Bus; db: Db; leases: RoomLeases; hosts: LocalHosts; log: RoomHostDeps['log'] },
  options: RoomPlacementOptions,
): RoomPlacement {
  const { bus, db, hosts, log } = deps;
  const self = deps.leases.instanceKey;
  const loads: InstanceLoads = watchInstanceLoads(bus, deps.leases, hosts, log, options);
  const placing = new Map<number, Promise<boolean>>();

  async function takeHere(roomId: number, size: number): Promise<boolean> {
    const host = await hosts.ensure(roomId);
    if (host) loads.hosting(roomId, size);
    return host !== null;
  }

  const replies = bus.reply(placeSubject(self), async (payload) => {
    const { roomId, size } = requestSchema.parse(decodeJson(payload));
    return encodeJson({ taken: await takeHere(roomId, size) });
  });

  async function placeOnce(roomId: number): Promise<boolean> {
    const size = await readInvitedSize(db, roomId);
    // No such room: taking it here says so (not_found), as before placement.
    if (size === null) return takeHere(roomId, 0);
    const target = chooseInstance(loads.candidates(), self, options.slack);
    // Counted before any await: the next placement, even a moment later, sees this one.
    loads.placed(target, roomId, size);
    if (target !== self) {
      try {
        const answer = answerSchema.parse(
          decodeJson(
            await bus.request(placeSubject(target), encodeJson({ roomId, size }), {
              timeoutMs: options.timeoutMs,
            }),
          ),
        );
        if (answer.taken) return true;
      } catch (error) {
        if (error instanceof BusTimeoutError || error instanceof NoRespondersError)
          loads.unresponsive(target);
        else
          log('warn', 'room placement failed on the chosen instance', {
            roomId,
            target,
            error: String(error),
          });
      }
      loads.forget(target, roomId);
      loads.placed(self, roomId, size);
    }
    const taken = await takeHere(roomId, size);
    if (!taken) loads.forget(self, roomId);
    return taken;
  }

  return {
    place(roomId) {
      let pending = placing.get(roomId);
      if (!pending) {
        pending = placeOnce(roomId).finally(() => placing.delete(roomId));
        placing.set(roomId, pending);
      }
      return pending;
    },
    leave: () => loads.leave(),
    stop() {
      replies.unsubscribe();
      loads.stop();
    },
  };
}

/**
 * This instance while its load is within `slack` of the least; else the least loaded, ties broken at
 * random so instances that see alike do not all pick the same one.
 */
function chooseInstance(loads: ReadonlyMap<number, number>, self: number, slack: number): number {
  let best = self;
  let bestLoad = Number.POSITIVE_INFINITY;
  let ties = 0;
  for (const [key, load] of loads) {
    if (load < bestLoad) {
      best = key;
      bestLoad = load;
      ties = 1;
    } else if (load === bestLoad && Math.random() * ++ties < 1) {
      best = key;
    }
  }
  const own = loads.get(self);
  return own !== undefined && own <= bestLoad + slack ? self : best;
}
