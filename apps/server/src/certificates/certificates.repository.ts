// The attendance certificates' SQL: an event's rules, each participant's figures read from the `sessions`
// projection's views (the statistics' own: stats_sessions, stats_attendance, stats_polls), whether that
// projection has folded the event's rooms to their end, and the certificates issued, found and revoked.
// A certificate's holder name is sealed under their participation's key when stored, opened when read.
import { type CertificateRules, DEFAULT_CERTIFICATE_RULES } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { readCheckpoint } from '../event-store/checkpoints.ts';
import { checkpointName, findGenerations } from '../projections/generations.repository.ts';

export async function findRules(db: Db, eventId: number): Promise<CertificateRules> {
  const row = await db
    .selectFrom('certificate_rules')
    .select(['enabled', 'min_presence_percent', 'min_polls_answered'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row ?? DEFAULT_CERTIFICATE_RULES;
}

export async function saveRules(
  db: Db,
  event: { id: number; labId: number },
  rules: CertificateRules,
  now: Date,
): Promise<void> {
  await db
    .insertInto('certificate_rules')
    .values({ event_id: event.id, lab_id: event.labId, ...rules, updated_at: now })
    .onConflict((conflict) => conflict.column('event_id').doUpdateSet({ ...rules, updated_at: now }))
    .execute();
}

/** A participant's figures for the event, as the statistics fold them. */
export type ParticipantFigures = {
  participant_id: number;
  name: string;
  email: string;
  present_ms: number;
  polls_answered: number;
};

/** The event's held time: its first session's start to its last one's end (eventFigures' length). */
export type HeldTime = { first_start: Date | null; last_end: Date | null };

/** The held time in milliseconds; 0 for an event that held no session. */
export const heldMs = (held: HeldTime) =>
  held.first_start && held.last_end ? held.last_end.getTime() - held.first_start.getTime() : 0;

/**
 * Every participant (role participant) of the event with their time present across its rooms and the
 * distinct polls they answered, and the event's held time: the same views, the same sums as the session
 * detail's (stats.repository.ts), so a certificate and the statistics say the same figures.
 */
export async function eventFigures(
  db: Db,
  eventId: number,
): Promise<{ held: HeldTime; participants: ParticipantFigures[] }> {
  const { rows: heldRows } = await sql<HeldTime>`
    SELECT min(s.started_at) AS first_start, max(coalesce(s.ended_at, s.started_at)) AS last_end
    FROM rooms r JOIN stats_sessions s ON s.room_id = r.id WHERE r.event_id = ${eventId}`.execute(db);
  const { rows } = await sql<ParticipantFigures>`
    WITH present AS (
      SELECT a.participant_id, sum(a.present_ms)::bigint AS present_ms
      FROM stats_attendance a JOIN rooms r ON r.id = a.room_id
      WHERE r.event_id = ${eventId} GROUP BY a.participant_id
    ), answered AS (
      SELECT (v.voter ->> 'participantId')::bigint AS participant_id,
        count(DISTINCT (p.room_id, p.poll_id))::int AS polls
      FROM stats_polls p JOIN rooms r ON r.id = p.room_id
      CROSS JOIN LATERAL jsonb_array_elements(p.voters) AS v(voter)
      WHERE r.event_id = ${eventId} GROUP BY 1
    )
    SELECT pa.id AS participant_id, pa.name, pa.email,
      coalesce(pr.present_ms, 0)::bigint AS present_ms, coalesce(an.polls, 0)::int AS polls_answered
    FROM participants pa
    LEFT JOIN present pr ON pr.participant_id = pa.id
    LEFT JOIN answered an ON an.participant_id = pa.id
    WHERE pa.event_id = ${eventId} AND pa.role = 'participant'
    ORDER BY pa.name, pa.id`.execute(db);
  return {
    held: heldRows[0] ?? { first_start: null, last_end: null },
    participants: rows.map((row) => ({ ...row, present_ms: Number(row.present_ms) })),
  };
}

/**
 * Whether the `sessions` projection has folded every event of the event's rooms and none of their
 * sessions is still open: only then are the figures final (the close is committed before the rooms'
 * sessions are ended, and the projection follows the log a moment behind).
 */
export async function figuresFinal(db: Db, eventId: number): Promise<boolean> {
  const live = (await findGenerations(db, 'sessions')).find((each) => each.status === 'live');
  if (!live) return false;
  const checkpoint = await readCheckpoint(db, checkpointName('sessions', live.generation));
  const { rows } = await sql<{ waiting: boolean; open: boolean }>`
    SELECT
      EXISTS (
        SELECT 1 FROM rooms r
        CROSS JOIN LATERAL (
          SELECT e.transaction_id, e.global_position FROM session_events e
          WHERE e.stream_id = 'room-' || r.id ORDER BY e.stream_version DESC LIMIT 1
        ) last
        WHERE r.event_id = ${eventId}
          AND (${checkpoint === null}
            OR (last.transaction_id, last.global_position)
              > (${checkpoint?.transactionId ?? '0'}::xid8, ${checkpoint?.globalPosition ?? 0}::bigint))
      ) AS waiting,
      EXISTS (
        SELECT 1 FROM rooms r JOIN stats_sessions s ON s.room_id = r.id
        WHERE r.event_id = ${eventId} AND s.ended_at IS NULL
      ) AS open`.execute(db);
  const row = rows[0];
  return row !== undefined && !row.waiting && !row.open;
}

/** What an issued certificate says, frozen: who, what event of which lab, when, and the figures. */
export type NewCertificate = {
  labId: number;
  eventId: number;
  participantId: number;
  code: string;
  name: string;
  eventName: string;
  labName: string;
  heldAt: Date;
  timeZone: string;
  locale: string;
  minutesPresent: number;
  eventMinutes: number;
  pollsAnswered: number;
};

/**
 * Issues the certificates not issued yet (one per participant and event: issuing again adds nothing)
 * and answers the ids of those it added, with their participant.
 */
export async function insertCertificates(
  db: Db,
  certificates: readonly NewCertificate[],
): Promise<{ id: number; participant_id: number }[]> {
  if (certificates.length === 0) return [];
  return db
    .insertInto('certificates')
    .values(
      certificates.map((each) => ({
        lab_id: each.labId,
        event_id: each.eventId,
        participant_id: each.participantId,
        code: each.code,
        // Sealed under the participation's key (ADR 0008): erasing the person erases it.
        name: sql<string>`seal_personal(${`participant:${each.participantId}`}, ${each.labId}::bigint, ${each.name})`,
        event_name: each.eventName,
        lab_name: each.labName,
        held_at: each.heldAt,
        time_zone: each.timeZone,
        locale: each.locale,
        minutes_present: each.minutesPresent,
        event_minutes: each.eventMinutes,
        polls_answered: each.pollsAnswered,
      })),
    )
    .onConflict((conflict) => conflict.columns(['event_id', 'participant_id']).doNothing())
    .returning(['id', 'participant_id'])
    .execute();
}

/** The columns of a certificate as read: its name opened. */
const CERTIFICATE_COLUMNS = [
  'c.id',
  'c.lab_id',
  'c.event_id',
  'c.participant_id',
  'c.code',
  sql<string>`open_personal(c.name)`.as('name'),
  'c.event_name',
  'c.lab_name',
  'c.held_at',
  'c.time_zone',
  'c.locale',
  'c.minutes_present',
  'c.event_minutes',
  'c.polls_answered',
  'c.issued_at',
  'c.revoked_at',
  'c.revoked_reason',
] as const;

const certificates = (db: Db) => db.selectFrom('certificates as c').select(CERTIFICATE_COLUMNS);

export type CertificateRecord = NonNullable<Awaited<ReturnType<typeof findCertificateByCode>>>;

export const findCertificateByCode = (db: Db, code: string) =>
  certificates(db).where('c.code', '=', code).executeTakeFirst();

export const findCertificatesByIds = (db: Db, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : certificates(db).where('c.id', 'in', ids).execute();

export const findParticipantCertificate = (db: Db, eventId: number, participantId: number) =>
  certificates(db)
    .where('c.event_id', '=', eventId)
    .where('c.participant_id', '=', participantId)
    .executeTakeFirst();

export const listEventCertificates = (db: Db, eventId: number) =>
  certificates(db).where('c.event_id', '=', eventId).execute();

/** Revokes a certificate of the event not revoked yet; answers whether one was. */
export async function revokeCertificate(
  db: Db,
  revocation: { eventId: number; certificateId: number; reason: string; by: number; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ revoked_at: revocation.at, revoked_reason: revocation.reason, revoked_by: revocation.by })
    .where('id', '=', revocation.certificateId)
    .where('event_id', '=', revocation.eventId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The participation of an account in an event: by the account, or by its (proven) address. */
export async function participationOfUser(
  db: Db,
  eventId: number,
  user: { userId: number; email: string },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('participants')
    .select('id')
    .where('event_id', '=', eventId)
    .where((eb) =>
      eb.or([eb('user_id', '=', user.userId), eb(sql`lower(email)`, '=', user.email.toLowerCase())]),
    )
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** Where the event stands (planned, started, closed), to lock its rules once it has started. */
export const findEventStage = (db: Db, eventId: number) =>
  db
    .selectFrom('events')
    .select(['id', 'owner_id', 'active', 'start_date', 'end_date', 'default_timezone'])
    .where('id', '=', eventId)
    .executeTakeFirst();
