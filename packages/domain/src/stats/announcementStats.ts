// What the event's staff announced to every room, as statistics list it per session (issue 33, part 4):
// each room's announcements as the room holds them at the end of its log, with the session they were
// sent in. Folded by the replay's code on the server, like the questions (questionStats.ts).
import { z } from 'zod';
import type { Announcement } from '../rooms/broadcast.ts';

export const announcementStatsRowSchema = z.object({
  room_id: z.number().int(),
  /** The room's session it was sent in; 0 before the room's first session. */
  session_number: z.number().int().nonnegative(),
  id: z.string(),
  text: z.string(),
  at: z.string(),
});
export type AnnouncementStatsRow = z.infer<typeof announcementStatsRowSchema>;

export function announcementStatsRows(
  roomId: number,
  announcements: readonly Announcement[],
): AnnouncementStatsRow[] {
  return announcements.map((announcement) => ({
    room_id: roomId,
    session_number: announcement.session,
    id: announcement.id,
    text: announcement.text,
    at: announcement.at,
  }));
}

/** The announcements of one session of one room, in the order they were sent. */
export function announcementsOfSession(
  rows: readonly AnnouncementStatsRow[],
  roomId: number,
  sessionNumber: number,
): AnnouncementStatsRow[] {
  return rows.filter((row) => row.room_id === roomId && row.session_number === sessionNumber);
}
