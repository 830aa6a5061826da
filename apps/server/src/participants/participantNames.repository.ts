// The names of an event's participants by id: what a screen shows of people the room's log names only
// by id (the lobby's knocks). Scoped to the event, so another event's ids name nobody.
import type { Db } from '../db/connection.ts';

export async function participantNames(
  db: Db,
  eventId: number,
  participantIds: readonly number[],
): Promise<Map<number, string>> {
  if (participantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'name', 'first_name', 'last_name', 'email'])
    .where('event_id', '=', eventId)
    .where('id', 'in', [...participantIds])
    .execute();
  return new Map(
    rows.map((row) => [row.id, row.name || `${row.first_name} ${row.last_name}`.trim() || row.email]),
  );
}
