// Committed events as `events` frames. Each event is serialised once per variant (as it is, or redacted
// for those who may not see it all); a socket gets the variant it may see of each event it has not had.
import { receivesInFull, type SessionEvent, visibilityOf } from '@lablive/domain';
import type { DeliveredEvent } from '@lablive/protocol';
import type { RoomEventBatch } from '../rooms/roomService.ts';
import type { Member } from './roomMember.ts';

export type Serialised = {
  full: string;
  others: string | null;
  public: boolean;
  visibility: ReturnType<typeof visibilityOf>;
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

/**
 * Sends the member the events of the batch it has not had, each as it may see it. `shared` is the
 * batch's one frame when every event is public: a member that had none of them gets it as it is.
 */
export function sendBatch(
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
