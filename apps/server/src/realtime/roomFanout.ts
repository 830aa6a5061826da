// Delivers a room's committed events to this instance's sockets in that room, and is the only path by
// which they get them: live batches, a live socket's gap and a resuming socket's catch-up alike. The
// instance follows each room once (one bus subscription, one decode); what one hand-over brings is
// framed once for the room (eventFrames.ts), so every socket that may see it as it is sends the same
// frame string, one per socket per hand-over however many batches it holds.
//
// A socket receives the stream without a hole: a batch that starts past the next version it needs (the
// previous host died between its commit and its publish, or the room moved to a host whose first
// batch overtook the last of the old one) sends the socket back to the log for the gap, while later
// batches wait; a resuming socket reads what it missed the same way. Sockets at the same version share
// each read of the log (roomLog.ts), framed once for all of them.
import { CLOSE_CODES, PROTOCOL_LIMITS } from '@lablive/protocol';
import { type FanoutInstruments, noInstruments, preciseNow } from '../observability/instruments.ts';
import type { RoomEventBatch, RoomService } from '../rooms/roomService.ts';
import { type FramedBatch, firstNew, frameBatch, sendBatch } from './eventFrames.ts';
import { createCadence } from './roomCadence.ts';
import type { RoomLog } from './roomLog.ts';
import type { Member } from './roomMember.ts';

export type { Member } from './roomMember.ts';

type Followed = { members: Set<Member>; stop: () => void };

/**
 * Rooms with at least `minMembers` sockets on this instance gather their batches for `intervalMs` while
 * they keep coming. Below that the writes cost little and each batch goes out at once; the interval is
 * short beside the 100 ms a chat message may take to reach everyone.
 */
export type CadencePolicy = { intervalMs: number; minMembers: number };

export const DEFAULT_CADENCE: CadencePolicy = { intervalMs: 20, minMembers: 50 };

export type FanoutDeps = {
  roomLog: RoomLog;
  cadence?: CadencePolicy;
  /** What writing to one socket costs now, in ms (the flush scheduler's `writeMs`). */
  writeMs?: () => number;
  instruments?: FanoutInstruments;
  log?: (message: string, details: Record<string, unknown>) => void;
};

export type RoomFanout = {
  attach(roomId: number, member: Member): void;
  detach(roomId: number, member: Member): void;
  /** After a welcome: sends what waited during the join, then the member follows live. */
  goLive(roomId: number, member: Member): void;
  /**
   * After `resumed`: sends every event after the member's `lastSent` from the log, then what waited
   * during the join, then the member follows live. Settles once the log has been read.
   */
  resume(roomId: number, member: Member): Promise<void>;
  rooms(): number;
};

/** Runs of consecutive versions, each framed once; a run never spans a hole or a repeat. */
function framedRuns(roomId: number, batches: readonly RoomEventBatch[]): FramedBatch[] {
  const runs: FramedBatch[] = [];
  let events: RoomEventBatch['events'] = [];
  let committedAt: number | undefined;
  const close = () => {
    if (events.length > 0) runs.push(frameBatch(roomId, events, committedAt));
    events = [];
    committedAt = undefined;
  };
  for (const batch of batches) {
    const first = batch.events[0];
    const last = events.at(-1);
    if (first === undefined) continue;
    if (last !== undefined && first.version !== last.version + 1) close();
    events = events.length === 0 ? batch.events : events.concat(batch.events);
    committedAt ??= batch.committedAt;
  }
  close();
  return runs;
}

export function createRoomFanout(rooms: RoomService, deps: FanoutDeps): RoomFanout {
  const followed = new Map<number, Followed>();
  const instruments = deps.instruments ?? noInstruments;
  const cadence = deps.cadence ?? DEFAULT_CADENCE;
  /** Reads in progress, by room and first version: sockets with the same gap share one, framed once. */
  const reads = new Map<string, Promise<FramedBatch>>();

  function sharedRead(roomId: number, fromVersion: number): Promise<FramedBatch> {
    const key = `${roomId}:${fromVersion}`;
    let read = reads.get(key);
    if (!read) {
      read = deps.roomLog
        .page(roomId, fromVersion, PROTOCOL_LIMITS.resumePageSize)
        .then((events) => frameBatch(roomId, events))
        .finally(() => reads.delete(key));
      reads.set(key, read);
    }
    return read;
  }

  /** Reads the member's gap from the log page by page, then sends what waited meanwhile. */
  async function catchUp(roomId: number, member: Member): Promise<void> {
    member.catchingUp = true;
    try {
      for (;;) {
        const page = await sharedRead(roomId, member.lastSent + 1);
        if (!followed.get(roomId)?.members.has(member)) return;
        sendBatch(member, page);
        if (page.events.length < PROTOCOL_LIMITS.resumePageSize) break;
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
        instruments.caughtUp();
        void catchUp(roomId, member);
        return;
      }
      waiting.shift();
      sendBatch(member, batch);
    }
    member.backlog = null;
  }

  function deliver(roomId: number, batch: FramedBatch) {
    const room = followed.get(roomId);
    if (!room) return;
    for (const member of room.members) {
      if (member.backlog) {
        member.backlog.push(batch);
        continue;
      }
      const next = firstNew(batch, member);
      if (next !== undefined && next > member.lastSent + 1) {
        member.backlog = [batch];
        instruments.caughtUp();
        void catchUp(roomId, member);
        continue;
      }
      sendBatch(member, batch);
    }
  }

  function handOver(roomId: number, batches: readonly RoomEventBatch[]) {
    for (const run of framedRuns(roomId, batches)) deliver(roomId, run);
    // After the flush scheduler's turn (queued first), when the frames are in the sockets.
    setImmediate(() => {
      const now = preciseNow();
      for (const { committedAt } of batches)
        if (committedAt !== undefined) instruments.delivered((now - committedAt) / 1000);
    });
  }

  return {
    attach(roomId, member) {
      let room = followed.get(roomId);
      if (!room) {
        room = followRoom(rooms, roomId, cadence, deps.writeMs, (batches) => handOver(roomId, batches));
        followed.set(roomId, room);
      }
      room.members.add(member);
    },
    detach(roomId, member) {
      const room = followed.get(roomId);
      if (!room) return;
      room.members.delete(member);
      member.backlog = null;
      if (room.members.size === 0) {
        room.stop();
        followed.delete(roomId);
      }
    },
    goLive(roomId, member) {
      if (member.catchingUp) return;
      sendWaiting(roomId, member);
    },
    resume: (roomId, member) => catchUp(roomId, member),
    rooms: () => followed.size,
  };
}

/**
 * One bus subscription for the room's sockets here, paced by the cadence when the room is large: what
 * one hand-over brings (a lone batch, or all those the cadence gathered) reaches the fan-out as one list.
 */
function followRoom(
  rooms: RoomService,
  roomId: number,
  cadence: CadencePolicy,
  writeMs: (() => number) | undefined,
  handOver: (batches: RoomEventBatch[]) => void,
): Followed {
  const members = new Set<Member>();
  const paced = createCadence(handOver, {
    intervalMs: cadence.intervalMs,
    // Twice what a hand-over's writes cost now: they take at most half the loop (roomCadence.ts).
    ...(writeMs ? { paceMs: () => 2 * members.size * writeMs(), maxIntervalMs: 2 * cadence.intervalMs } : {}),
    gathers: () => members.size >= cadence.minMembers,
    merge: (lists) => lists.flat(),
  });
  const following = rooms.follow(roomId, (batch) => {
    if (batch.events.length > 0) paced.push([batch]);
  });
  return {
    members,
    stop: () => {
      following.stop();
      paced.stop();
    },
  };
}
