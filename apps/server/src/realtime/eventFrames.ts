// Committed events as `events` frames, framed once per room: each event is serialised once per variant
// (as it is, or redacted for those who may not see it all), and a batch whose events are all public is
// one frame string that every socket which had none of it sends as it is. A socket gets the variant it
// may see of each event it has not had.
import { receivesInFull, type SessionEvent, visibilityOf } from '@lablive/domain';
import type { DeliveredEvent } from '@lablive/protocol';
import type { Member } from './roomMember.ts';

export type Serialised = {
  full: string;
  others: string | null;
  public: boolean;
  visibility: ReturnType<typeof visibilityOf>;
};

/** Consecutive events of one room's stream, framed once for all the room's sockets on this instance. */
export type FramedBatch = {
  roomId: number;
  events: readonly DeliveredEvent[];
  serialised: readonly Serialised[];
  /** The whole batch as one `events` frame when every event is public, else null. */
  shared: string | null;
  /** When the first of its events was committed (performance.now() of the host), for the delivery metric. */
  committedAt?: number;
  /** Participants a host removed from the room in this batch: their sockets are let go once told. */
  removed: readonly number[];
};

export function serialiseEvent(delivered: DeliveredEvent): Serialised {
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

/** Frames events of the room once, whatever the number of sockets they go to. */
export function frameBatch(
  roomId: number,
  events: readonly DeliveredEvent[],
  committedAt?: number,
): FramedBatch {
  const serialised = events.map(serialiseEvent);
  const shared = serialised.every((item) => item.public)
    ? eventsFrame(
        roomId,
        serialised.map((item) => item.full),
      )
    : null;
  const removed = events.flatMap(({ event }) =>
    event.type === 'ParticipantRemoved' ? [event.data.participantId] : [],
  );
  return {
    roomId,
    events,
    serialised,
    shared,
    removed,
    ...(committedAt === undefined ? {} : { committedAt }),
  };
}

/** The version of the first event in the batch the member has not had yet. */
export function firstNew(batch: FramedBatch, member: Member): number | undefined {
  return batch.events.find((delivered) => delivered.version > member.lastSent)?.version;
}

/**
 * Sends the member the events of the batch it has not had, each as it may see it; a member whose
 * participant the batch removed from the room is then let go (its `removed`), having been told.
 */
export function sendBatch(member: Member, batch: FramedBatch) {
  const fresh = (batch.events.at(-1)?.version ?? 0) > member.lastSent;
  sendEvents(member, batch);
  if (fresh && batch.removed.includes(member.recipient.participantId)) member.removed?.();
}

/**
 * The batch's shared frame when the member had none of its events and they are all public, else a
 * frame of its own.
 */
function sendEvents(member: Member, batch: FramedBatch) {
  const first = batch.events[0];
  const last = batch.events.at(-1);
  if (first === undefined || last === undefined || last.version <= member.lastSent) return;
  if (batch.shared !== null && first.version > member.lastSent) {
    member.sender.send(batch.shared);
    member.lastSent = last.version;
    return;
  }
  const parts: string[] = [];
  batch.events.forEach((delivered, index) => {
    if (delivered.version <= member.lastSent) return;
    member.lastSent = delivered.version;
    const item = batch.serialised[index];
    if (!item) return;
    if (item.public || receivesInFull(item.visibility, member.recipient)) parts.push(item.full);
    else if (item.others !== null) parts.push(item.others);
  });
  if (parts.length > 0) member.sender.send(eventsFrame(batch.roomId, parts));
}
