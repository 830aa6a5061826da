// How many guests a room expects: what placement counts for a room before its people arrive. One query
// when the room is placed, over the room's event only (participants are indexed by event).
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * The guests placed in the room, plus its share of the event's guests not placed yet (an automatic
 * event places each guest in a room when they arrive); null when there is no such room.
 */
export async function readInvitedSize(db: Db, roomId: number): Promise<number | null> {
  const row = await db
    .selectFrom('rooms')
    .where('rooms.id', '=', roomId)
    .select([
      sql<number>`(SELECT count(*) FROM participants p
                    WHERE p.event_id = rooms.event_id AND p.room_id = rooms.id)::int`.as('placed'),
      sql<number>`(SELECT count(*) FROM participants p
                    WHERE p.event_id = rooms.event_id AND p.room_id IS NULL)::int`.as('unplaced'),
      sql<number>`(SELECT count(*) FROM rooms r WHERE r.event_id = rooms.event_id)::int`.as('rooms'),
    ])
    .executeTakeFirst();
  if (!row) return null;
  return row.placed + Math.ceil(row.unplaced / Math.max(1, row.rooms));
}
