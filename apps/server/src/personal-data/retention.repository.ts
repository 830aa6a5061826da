// The SQL of a lab's retention (labs.chat_retention_days, labs.attendance_retention_days): which
// participations are past it and still readable. An event has ended at its end, or at its planned end
// when it was never closed.
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { ERASED_ADDRESS_DOMAIN } from './erasure.repository.ts';

export type Expired = { labId: number; days: number; eventId: number; participantId: number };

/** Participations whose chat and notes are past their lab's retention and still readable. */
export async function participationsPastChatRetention(db: Db, now: Date): Promise<Expired[]> {
  const { rows } = await sql<Expired>`
    SELECT l.id::int AS "labId", l.chat_retention_days AS days, e.id::int AS "eventId", p.id::int AS "participantId"
    FROM labs l
    JOIN events e ON e.lab_id = l.id
    JOIN participants p ON p.event_id = e.id
    WHERE l.chat_retention_days IS NOT NULL
      AND coalesce(e.end_date, e.planned_end_date) < ${now}::timestamptz - make_interval(days => l.chat_retention_days)
      AND EXISTS (SELECT 1 FROM personal_keys k WHERE k.subject = 'participant:' || p.id || ':content')
    ORDER BY l.id, e.id, p.id`.execute(db);
  return rows;
}

/** Participations past their lab's attendance retention and still named. */
export async function participationsPastAttendanceRetention(db: Db, now: Date): Promise<Expired[]> {
  const { rows } = await sql<Expired>`
    SELECT l.id::int AS "labId", l.attendance_retention_days AS days, e.id::int AS "eventId", p.id::int AS "participantId"
    FROM labs l
    JOIN events e ON e.lab_id = l.id
    JOIN participants p ON p.event_id = e.id
    WHERE l.attendance_retention_days IS NOT NULL
      AND coalesce(e.end_date, e.planned_end_date)
        < ${now}::timestamptz - make_interval(days => l.attendance_retention_days)
      AND (p.email NOT LIKE ${`%@${ERASED_ADDRESS_DOMAIN}`}
        OR EXISTS (SELECT 1 FROM personal_keys k WHERE k.subject = 'participant:' || p.id))
    ORDER BY l.id, e.id, p.id`.execute(db);
  return rows;
}
