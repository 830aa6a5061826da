// The catch-up of a resuming socket: every event of the room after the last one it saw, read from the
// log page by page and filtered for this member, sent before it goes live.
import { eventFor, roomStreamId } from '@lablive/domain';
import { PROTOCOL_LIMITS } from '@lablive/protocol';
import type { Db } from '../db/connection.ts';
import { readStream, toDelivered } from '../event-store/index.ts';
import { eventsFrame } from './eventFrames.ts';
import type { Member } from './roomMember.ts';

/** Sends what the member missed and moves its `lastSent` along, past the events it may not see too. */
export async function sendMissedEvents(db: Db, roomId: number, member: Member): Promise<void> {
  for (let from = member.lastSent + 1; ; ) {
    const page = await readStream(db, roomStreamId(roomId), from, PROTOCOL_LIMITS.resumePageSize);
    const parts: string[] = [];
    for (const stored of page) {
      const delivered = toDelivered(stored);
      const visible = eventFor(delivered.event, member.recipient);
      if (visible) parts.push(JSON.stringify({ ...delivered, event: visible }));
      member.lastSent = delivered.version;
    }
    if (parts.length > 0) member.sender.send(eventsFrame(roomId, parts));
    if (page.length < PROTOCOL_LIMITS.resumePageSize) return;
    from = member.lastSent + 1;
  }
}
