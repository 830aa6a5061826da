// Whether a person is already in one of an event's rooms, read from the log: the public entry refuses
// a second entry with the same e-mail while the first is online (live-room spec, section 5).
import { PRESENCE_EVENT_TYPES, roomStreamId } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

export async function isEmailOnlineInEvent(db: Db, eventId: number, email: string): Promise<boolean> {
  const participants = await db
    .selectFrom('participants')
    .select('id')
    .where('event_id', '=', eventId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .execute();
  if (participants.length === 0) return false;
  const rooms = await db.selectFrom('rooms').select('id').where('event_id', '=', eventId).execute();
  if (rooms.length === 0) return false;
  const latest = await db
    .selectFrom('session_events')
    .select(['type', sql<string>`data->>'participantId'`.as('participant')])
    .distinctOn(sql`data->>'participantId'`)
    .where(
      'stream_id',
      'in',
      rooms.map((room) => roomStreamId(room.id)),
    )
    .where('type', 'in', [PRESENCE_EVENT_TYPES.joined, PRESENCE_EVENT_TYPES.left])
    .where(
      sql`data->>'participantId'`,
      'in',
      participants.map((p) => String(p.id)),
    )
    .orderBy(sql`data->>'participantId'`)
    .orderBy('global_position', 'desc')
    .execute();
  return latest.some((row) => row.type === PRESENCE_EVENT_TYPES.joined);
}
