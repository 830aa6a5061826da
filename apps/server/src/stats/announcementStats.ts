// An event's announcements to every room for its statistics (issue 33, part 4): each room's, as the room
// holds them at the end of its log (folded by the replay's own code), with the session they were sent in.
// The caller's right to see the event is the statistics service's to check before.
import { type AnnouncementStatsRow, announcementStatsRows } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { roomAtEnd } from '../replay/roomAtInstant.ts';

export async function eventAnnouncements(
  db: Db,
  labId: number,
  roomIds: Iterable<number>,
): Promise<AnnouncementStatsRow[]> {
  const rows: AnnouncementStatsRow[] = [];
  for (const roomId of [...roomIds].sort((a, b) => a - b)) {
    rows.push(...announcementStatsRows(roomId, (await roomAtEnd(db, labId, roomId)).broadcast.announcements));
  }
  return rows;
}
