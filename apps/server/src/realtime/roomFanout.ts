// Delivers a room's committed events to this instance's sockets in that room. The instance follows
// each room once (one bus subscription, one decode); each event is serialised once per variant (as it
// is, or redacted for those who may not see it all), and an all-public batch is one frame string shared
// by every socket.
//
// A socket receives the stream without a hole: a batch that starts past the next version it needs (the
// previous host died between its commit and its publish, or the room moved to a host whose first
// batch overtook the last of the old one) sends the socket back to the log for the gap, while later
// batches wait; sockets at the same version share each read.
import { CLOSE_CODES, type DeliveredEvent, PROTOCOL_LIMITS } from '@lablive/protocol';
import { type FanoutInstruments, noInstruments, preciseNow } from '../observability/instruments.ts';
import type { RoomEventBatch, RoomService } from '../rooms/roomService.ts';
import { eventsFrame, sendBatch, serialiseEvent } from './eventFrames.ts';
import { createCadence } from './roomCadence.ts';
import type { Member } from './roomMember.ts';

export type { Member } from './roomMember.ts';

type Followed = { members: Set<Member>; stop: () => void };

/** One page of the room's stream from `fromVersion`, at most `limit` events. */
export type ReadRoomLog = (roomId: number, fromVersion: number, limit: number) => Promise<DeliveredEvent[]>;

/**
 * Rooms with at least `minMembers` sockets on this instance gather their batches for `intervalMs` while
 * they keep coming. Below that the writes cost little and each batch goes out at once; the interval is
 * short beside the 100 ms a chat message may take to reach everyone.
 */
export type CadencePolicy = { intervalMs: number; minMembers: number };

export const DEFAULT_CADENCE: CadencePolicy = { intervalMs: 20, minMembers: 50 };

export type FanoutDeps = {
  readLog: ReadRoomLog;
  cadence?: CadencePolicy;
  instruments?: FanoutInstruments;
  log?: (message: string, details: Record<string, unknown>) => void;
};

/** The version of the first event in the batch the member has not had yet. */
function firstNew(batch: RoomEventBatch, member: Member): number | undefined {
  return batch.events.find((delivered) => delivered.version > member.lastSent)?.version;
}

export type RoomFanout = {
  attach(roomId: number, member: Member): void;
  detach(roomId: number, member: Member): void;
  /** Sends what waited during the join, then the member follows live. */
  goLive(roomId: number, member: Member): void;
  rooms(): number;
};

export function createRoomFanout(rooms: RoomService, deps: FanoutDeps): RoomFanout {
  const followed = new Map<number, Followed>();
  const instruments = deps.instruments ?? noInstruments;
  const cadence = deps.cadence ?? DEFAULT_CADENCE;
  /** Reads in progress, by room and first version: sockets with the same gap share one. */
  const reads = new Map<string, Promise<DeliveredEvent[]>>();

  function sharedRead(roomId: number, fromVersion: number): Promise<DeliveredEvent[]> {
    const key = `${roomId}:${fromVersion}`;
    let read = reads.get(key);
    if (!read) {
      read = deps
        .readLog(roomId, fromVersion, PROTOCOL_LIMITS.resumePageSize)
        .finally(() => reads.delete(key));
      reads.set(key, read);
    }
    return read;
  }

  /** Reads the member's gap from the log page by page, then sends what waited meanwhile. */
  async function catchUp(roomId: number, member: Member): Promise<void> {
    member.catchingUp = true;
    instruments.caughtUp();
    try {
      for (;;) {
        const page = await sharedRead(roomId, member.lastSent + 1);
        if (!followed.get(roomId)?.members.has(member)) return;
        if (page.length > 0) {
          sendBatch(roomId, member, { roomId, events: page }, page.map(serialiseEvent), null);
        }
        if (page.length < PROTOCOL_LIMITS.resumePageSize) break;
      }
    } catch (error) {
      deps.log?.('a socket could not catch up from the log: it reconnects and resumes', {
        roomId,
        error: String(error),
      });
      member.sender.close(CLOSE_CODES.slowConsumer, 'behind: reconnect and resume');
      return;
    } finally {
      member.catchingUp = false;
    }
    sendWaiting(roomId, member);
  }

  /** Sends the member's waiting batches in order; stops at a gap, which is read from the log first. */
  function sendWaiting(roomId: number, member: Member) {
    const waiting = member.backlog ?? [];
    while (waiting.length > 0) {
      const batch = waiting[0];
      if (batch === undefined) break;
      const next = firstNew(batch, member);
      if (next !== undefined && next > member.lastSent + 1) {
        void catchUp(roomId, member);
        return;
      }
      waiting.shift();
      sendBatch(roomId, member, batch, batch.events.map(serialiseEvent), null);
    }
    member.backlog = null;
  }

  function deliver(roomId: number, batch: RoomEventBatch) {
    const room = followed.get(roomId);
    if (!room || batch.events.length === 0) return;
    const serialised = batch.events.map(serialiseEvent);
    const shared = serialised.every((item) => item.public)
      ? eventsFrame(
          roomId,
          serialised.map((item) => item.full),
        )
      : null;
    for (const member of room.members) {
      if (member.backlog) {
        member.backlog.push(batch);
        continue;
      }
      const next = firstNew(batch, member);
      if (next !== undefined && next > member.lastSent + 1) {
        member.backlog = [batch];
        void catchUp(roomId, member);
        continue;
      }
      sendBatch(roomId, member, batch, serialised, shared);
    }
    const { committedAt } = batch;
    // After the flush scheduler's turn (queued first), when the frames are in the sockets.
    if (committedAt !== undefined)
      setImmediate(() => instruments.delivered((preciseNow() - committedAt) / 1000));
  }

  return {
    attach(roomId, member) {
      let room = followed.get(roomId);
      if (!room) {
        room = followRoom(rooms, roomId, cadence, (batch) => deliver(roomId, batch));
        followed.set(roomId, room);
      }
      room.members.add(member);
    },
    detach(roomId, member) {
      const room = followed.get(roomId);
      if (!room) return;
      room.members.delete(member);
      if (room.members.size === 0) {
        room.stop();
        followed.delete(roomId);
      }
    },
    goLive(roomId, member) {
      if (member.catchingUp) return;
      sendWaiting(roomId, member);
    },
    rooms: () => followed.size,
  };
}

/** One bus subscription for the room's sockets here, paced by the cadence when the room is large. */
function followRoom(
  rooms: RoomService,
  roomId: number,
  cadence: CadencePolicy,
  deliver: (batch: RoomEventBatch) => void,
): Followed {
  const members = new Set<Member>();
  const paced = createCadence(deliver, {
    intervalMs: cadence.intervalMs,
    gathers: () => members.size >= cadence.minMembers,
  });
  const following = rooms.follow(roomId, (batch) => paced.push(batch));
  return {
    members,
    stop: () => {
      following.stop();
      paced.stop();
    },
  };
}
