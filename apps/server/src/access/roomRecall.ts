// Entering a room that is not one's own after a recall (issue 33, part 4): when staff call everyone back
// to a room, the guests of the event's other rooms may enter it for the rest of that room's session. Read
// from the log, where the recall is: the guest's own room holds a RecalledToRoom naming the target room,
// and the target room's session has not ended since. The next session, they are back to their own room.
import { roomStreamId } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

export async function recalledInto(db: Db, ownRoomId: number | null, roomId: number): Promise<boolean> {
  if (ownRoomId === null || ownRoomId === roomId) return false;
  const { rows } = await sql<{ recalled: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM session_events recall
      WHERE recall.stream_id = ${roomStreamId(ownRoomId)}
        AND recall.type = 'RecalledToRoom'
        AND (recall.data ->> 'targetRoomId')::bigint = ${roomId}
        AND NOT EXISTS (
          SELECT 1 FROM session_events ended
          WHERE ended.stream_id = ${roomStreamId(roomId)}
            AND ended.type = 'SessionEnded'
            AND ended.occurred_at > recall.occurred_at)
    ) AS recalled`.execute(db);
  return rows[0]?.recalled === true;
}
