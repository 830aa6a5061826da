// The statistics and consumption queries: plain Kysely over the `sessions` projection's views
// (stats_sessions, stats_attendance, stats_polls, stats_document_shares), joined to the events, rooms
// and documents they name. Never a scan of the log: every figure here was folded already.
import type { StatsPeriod } from '@lablive/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { StatsAttendanceView, StatsPollsView, StatsSessionsView } from '../db/schema.ts';

/** Minutes a session is billed: its participant-milliseconds rounded up to the minute (docs/consumption.md). */
const billedMinutes = sql<number>`ceil(s.consumed_ms / 60000.0)::int`;

/** Minutes billed so far, by lab: every session each lab ran (the plan's count, as labTotals). */
export async function consumedMinutesByLab(db: Db): Promise<Map<number, number>> {
  const { rows } = await sql<{ lab_id: number; minutes: number }>`
    SELECT s.lab_id, coalesce(sum(${billedMinutes}), 0)::int AS minutes
    FROM stats_sessions s GROUP BY s.lab_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.lab_id), row.minutes]));
}

export async function labPlan(
  db: Db,
  labId: number,
): Promise<{ planMinutes: number; timeZone: string } | undefined> {
  const lab = await db
    .selectFrom('labs')
    .select(['plan_minutes', 'time_zone'])
    .where('id', '=', labId)
    .executeTakeFirst();
  return lab && { planMinutes: lab.plan_minutes, timeZone: lab.time_zone };
}

/**
 * `visible` in the functions below is a condition on the events row aliased `e`: the events the caller
 * may see (events/visibleEvents.ts), so lists and totals count only what the caller may read.
 */
type EventCondition = RawBuilder<boolean>;

/** The sessions of rooms whose event is visible, as a condition on a stats row aliased `s`. */
const visibleRoom = (visible: EventCondition) =>
  sql<boolean>`EXISTS (SELECT 1 FROM rooms r JOIN events e ON e.id = r.event_id WHERE r.id = s.room_id AND ${visible})`;

export async function labTotals(db: Db, labId: number, visible: EventCondition) {
  const { rows } = await sql<{
    sessions: number;
    participants: number;
    minutes: number;
    ended: number;
    ended_minutes: number;
    length_minutes: number;
    messages: number;
    votes: number;
    shares: number;
  }>`
    SELECT count(*)::int AS sessions,
      coalesce(sum(s.participant_count), 0)::int AS participants,
      coalesce(sum(${billedMinutes}), 0)::int AS minutes,
      count(s.ended_at)::int AS ended,
      coalesce(sum(${billedMinutes}) FILTER (WHERE s.ended_at IS NOT NULL), 0)::int AS ended_minutes,
      coalesce(sum(extract(epoch FROM s.ended_at - s.started_at) / 60), 0)::int AS length_minutes,
      coalesce(sum(s.messages), 0)::int AS messages,
      coalesce(sum(s.votes), 0)::int AS votes,
      coalesce(sum(s.shares), 0)::int AS shares
    FROM stats_sessions s WHERE s.lab_id = ${labId} AND ${visibleRoom(visible)}`.execute(db);
  const polls = await db
    .selectFrom('stats_polls as s')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('s.lab_id', '=', labId)
    .where('s.started_at', 'is not', null)
    .where(visibleRoom(visible))
    .executeTakeFirstOrThrow();
  // An aggregate without GROUP BY always answers one row.
  const totals = rows[0] as (typeof rows)[number];
  return { ...totals, polls: Number(polls.count) };
}

/**
 * One value per bucket (day, ISO week or month in the lab's zone), the last bucket being the current
 * one: sessions started in it, or the minutes they consumed. `before` is the minutes consumed before
 * the first bucket (for the credit left over time).
 */
export async function chartBuckets(
  db: Db,
  labId: number,
  timeZone: string,
  period: StatsPeriod,
  count: number,
  now: Date,
  visible: EventCondition,
): Promise<{ buckets: { bucket: string; sessions: number; minutes: number }[]; minutesBefore: number }> {
  const step = sql.raw(`interval '1 ${period}'`);
  const unit = sql.lit(period);
  const { rows } = await sql<{ bucket: string; sessions: number; minutes: number }>`
    WITH buckets AS (
      SELECT generate_series(
        date_trunc(${unit}, ${now}::timestamptz AT TIME ZONE ${timeZone}) - (${count - 1} * ${step}),
        date_trunc(${unit}, ${now}::timestamptz AT TIME ZONE ${timeZone}),
        ${step}
      ) AS bucket
    ),
    sessions AS (
      SELECT date_trunc(${unit}, s.started_at AT TIME ZONE ${timeZone}) AS bucket, ${billedMinutes} AS minutes
      FROM stats_sessions s
      WHERE s.lab_id = ${labId} AND ${visibleRoom(visible)}
        AND s.started_at >= (SELECT min(bucket) FROM buckets) AT TIME ZONE ${timeZone}
    )
    SELECT to_char(b.bucket, 'YYYY-MM-DD') AS bucket, count(s.bucket)::int AS sessions,
      coalesce(sum(s.minutes), 0)::int AS minutes
    FROM buckets b LEFT JOIN sessions s ON s.bucket = b.bucket
    GROUP BY b.bucket ORDER BY b.bucket`.execute(db);
  const first = rows[0]?.bucket;
  const before =
    first === undefined
      ? 0
      : ((
          await sql<{ minutes: number }>`
            SELECT coalesce(sum(${billedMinutes}), 0)::int AS minutes FROM stats_sessions s
            WHERE s.lab_id = ${labId} AND ${visibleRoom(visible)} AND s.started_at < ${first}::timestamp AT TIME ZONE ${timeZone}`.execute(
            db,
          )
        ).rows[0]?.minutes ?? 0);
  return { buckets: rows, minutesBefore: before };
}

export type ClosedEventRecord = {
  event_id: number;
  name: string;
  planned_start_date: Date;
  admin: string;
  invitations: number;
  participants: number;
  first_start: Date | null;
  last_end: Date | null;
  minutes: number;
};

/** A page of the lab's closed events, newest closed first, each with its sessions' aggregates. */
export async function closedEventsPage(
  db: Db,
  labId: number,
  start: number,
  count: number,
  visible: EventCondition,
  eventId?: number,
): Promise<{ items: ClosedEventRecord[]; total: number }> {
  const onlyOne = eventId === undefined ? sql`` : sql`AND e.id = ${eventId}`;
  const closedOnly = eventId === undefined ? sql`AND e.end_date IS NOT NULL` : sql``;
  // The page is chosen first (an index scan of the lab's closed events), then only its events are
  // aggregated: aggregating every closed event before the limit cost 150 ms with 10,000 of them.
  const { rows } = await sql<ClosedEventRecord>`
    WITH page AS (
      SELECT e.id, e.name, e.planned_start_date, e.owner_id, e.end_date FROM events e
      WHERE e.lab_id = ${labId} AND ${visible} ${closedOnly} ${onlyOne}
      ORDER BY e.end_date DESC, e.id DESC
      LIMIT ${count} OFFSET ${start}
    )
    SELECT e.id AS event_id, e.name, e.planned_start_date,
      coalesce(trim(u.first_name || ' ' || u.last_name), '') AS admin,
      (SELECT count(*)::int FROM participants p WHERE p.event_id = e.id) AS invitations,
      (SELECT count(DISTINCT a.participant_id)::int FROM stats_attendance a
        JOIN rooms r ON r.id = a.room_id WHERE r.event_id = e.id) AS participants,
      agg.first_start, agg.last_end, agg.minutes
    FROM page e
    LEFT JOIN users u ON u.id = e.owner_id
    CROSS JOIN LATERAL (
      SELECT min(s.started_at) AS first_start, max(coalesce(s.ended_at, s.started_at)) AS last_end,
        coalesce(sum(${billedMinutes}), 0)::int AS minutes
      FROM rooms r JOIN stats_sessions s ON s.room_id = r.id
      WHERE r.event_id = e.id
    ) agg
    ORDER BY e.end_date DESC, e.id DESC`.execute(db);
  if (eventId !== undefined) return { items: rows, total: rows.length };
  const total = await db
    .selectFrom('events as e')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('e.lab_id', '=', labId)
    .where('e.end_date', 'is not', null)
    .where(visible)
    .executeTakeFirstOrThrow();
  return { items: rows, total: Number(total.count) };
}

export async function eventSessions(
  db: Db,
  eventId: number,
): Promise<{ sessions: StatsSessionsView[]; attendance: StatsAttendanceView[] }> {
  const sessions = await db
    .selectFrom('stats_sessions as s')
    .innerJoin('rooms as r', 'r.id', 's.room_id')
    .selectAll('s')
    .where('r.event_id', '=', eventId)
    .orderBy('s.started_at')
    .orderBy('s.room_id')
    .execute();
  const attendance = await db
    .selectFrom('stats_attendance as a')
    .innerJoin('rooms as r', 'r.id', 'a.room_id')
    .selectAll('a')
    .where('r.event_id', '=', eventId)
    .orderBy('a.name')
    .execute();
  return { sessions, attendance };
}

/** A room's last session (the current one while it runs) and its attendance. */
export async function lastRoomSession(
  db: Db,
  roomId: number,
): Promise<{ session: StatsSessionsView; attendance: StatsAttendanceView[] } | null> {
  const session = await db
    .selectFrom('stats_sessions')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('session_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (session === undefined) return null;
  const attendance = await db
    .selectFrom('stats_attendance')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('session_number', '=', session.session_number)
    .orderBy('name')
    .execute();
  return { session, attendance };
}

export type PollStatsRecord = StatsPollsView & { event_id: number; event_name: string };

export async function pollStats(
  db: Db,
  labId: number,
  page: { start: number; count: number } | { eventId: number },
  visible: EventCondition,
): Promise<{ items: PollStatsRecord[]; total: number }> {
  let query = db
    .selectFrom('stats_polls as p')
    .innerJoin('rooms as r', 'r.id', 'p.room_id')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .where('p.lab_id', '=', labId)
    .where(visible)
    .where('p.started_at', 'is not', null);
  if ('eventId' in page) query = query.where('r.event_id', '=', page.eventId);
  const items = await query
    .selectAll('p')
    .select(['e.id as event_id', 'e.name as event_name'])
    .orderBy('p.started_at', 'desc')
    .orderBy('p.poll_id')
    .$if('start' in page, (q) => ('start' in page ? q.limit(page.count).offset(page.start) : q))
    .execute();
  if ('eventId' in page) return { items, total: items.length };
  const total = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return { items, total: Number(total.count) };
}

/** The lab's documents that were shared or downloaded, or still exist, with both counts. */
export async function documentStats(db: Db, labId: number) {
  const { rows } = await sql<{
    id: number;
    name: string;
    extension: string;
    introduction_count: number;
    download_count: number;
  }>`
    SELECT d.id, d.name, d.extension,
      coalesce(sh.share_count, 0)::int AS introduction_count,
      coalesce(dl.downloads, 0)::int AS download_count
    FROM documents d
    LEFT JOIN stats_document_shares sh ON sh.lab_id = d.lab_id AND sh.document_id = d.id
    LEFT JOIN (
      SELECT document_id, count(*) AS downloads FROM document_downloads
      WHERE lab_id = ${labId} GROUP BY document_id
    ) dl ON dl.document_id = d.id
    WHERE d.lab_id = ${labId} AND (d.deleted_at IS NULL OR sh.share_count > 0 OR dl.downloads > 0)
    ORDER BY introduction_count DESC, download_count DESC, d.name, d.id`.execute(db);
  return rows;
}
