// Delivers a room's committed events to this instance's sockets in that room. The instance follows
// each room once (one bus subscription, one decode); each event is serialised once per variant (as it
// is, or redacted for those who may not see it all), and an all-public batch is one frame string shared
// by every socket.
import { type Recipient, receivesInFull, type SessionEvent, visibilityOf } from '@lablive/domain';
import type { DeliveredEvent } from '@lablive/protocol';
import type { RoomEventBatch, RoomService } from '../rooms/roomService.ts';
import type { SocketSender } from './socketSender.ts';

export type Member = {
  recipient: Recipient;
  sender: SocketSender;
  /** The highest stream version sent to this socket: older or equal events are never sent again. */
  lastSent: number;
  /** While a joining socket receives its welcome or its missed events, live batches wait here. */
  backlog: RoomEventBatch[] | null;
};

type Followed = { members: Set<Member>; stop: () => void };

type Serialised = {
  full: string;
  others: string | null;
  public: boolean;
  visibility: ReturnType<typeof visibilityOf>;
};

function serialiseEvent(delivered: DeliveredEvent): Serialised {
  const visibility = visibilityOf(delivered.event);
  const full = JSON.stringify(delivered);
  if (visibility.kind === 'public') return { full, others: null, public: true, visibility };
  const others: SessionEvent | null = visibility.others;
  return {
    full,
    others: others ? JSON.stringify({ ...delivered, event: others }) : null,
    public: false,
    visibility,
  };
}

export function eventsFrame(roomId: number, serialisedEvents: readonly string[]): string {
  return `{"type":"events","roomId":${roomId},"events":[${serialisedEvents.join(',')}]}`;
}

export type RoomFanout = {
  attach(roomId: number, member: Member): void;
  detach(roomId: number, member: Member): void;
  /** Sends what waited during the join, then the member follows live. */
  goLive(roomId: number, member: Member): void;
  rooms(): number;
};

export function createRoomFanout(rooms: RoomService): RoomFanout {
  const followed = new Map<number, Followed>();

  function sendBatch(
    roomId: number,
    member: Member,
    batch: RoomEventBatch,
    serialised: Serialised[],
    shared: string | null,
  ) {
    const first = batch.events[0];
    if (shared !== null && first !== undefined && first.version > member.lastSent) {
      member.sender.send(shared);
      member.lastSent = batch.events.at(-1)?.version ?? member.lastSent;
      return;
    }
    const parts: string[] = [];
    batch.events.forEach((delivered, index) => {
      if (delivered.version <= member.lastSent) return;
      member.lastSent = delivered.version;
      const item = serialised[index];
      if (!item) return;
      if (item.public || receivesInFull(item.visibility, member.recipient)) parts.push(item.full);
      else if (item.others !== null) parts.push(item.others);
    });
    if (parts.length > 0) member.sender.send(eventsFrame(roomId, parts));
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
      if (member.backlog) member.backlog.push(batch);
      else sendBatch(roomId, member, batch, serialised, shared);
    }
  }

  return {
    attach(roomId, member) {
      let room = followed.get(roomId);
      if (!room) {
        const members = new Set<Member>();
        const following = rooms.follow(roomId, (batch) => deliver(roomId, batch));
        room = { members, stop: following.stop };
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
      const waiting = member.backlog ?? [];
      member.backlog = null;
      for (const batch of waiting) {
        const serialised = batch.events.map(serialiseEvent);
        sendBatch(roomId, member, batch, serialised, null);
      }
    },
    rooms: () => followed.size,
  };
}
