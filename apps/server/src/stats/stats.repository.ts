// The statistics and consumption queries: plain Kysely over the `sessions` projection's views
// (stats_sessions, stats_attendance, stats_polls, stats_document_shares), joined to the events, rooms
// and documents they name. Never a scan of the log: every figure here was folded already.
import type { StatsPeriod } from '@lablive/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { StatsAttendanceView, StatsPollsView, StatsSessionsView } from '../db/schema.ts';

/** Minutes a session is billed: its participant-milliseconds rounded up to the minute (docs/consumption.md). */
const billedMinutes = sql<number>`ceil(s.consumed_ms / 60000.0)::int`;
/** The billed minutes of the sessions `s` of a group, 0 for none. */
const billedMinutesSum = sql<number>`coalesce(sum(${billedMinutes}), 0)::int`;

/** Minutes billed so far, by lab: every session each lab ran (the plan's count, as labConsumedMinutes). */
export async function consumedMinutesByLab(db: Db): Promise<Map<number, number>> {
  const { rows } = await sql<{ lab_id: number; minutes: number }>`
    SELECT s.lab_id, ${billedMinutesSum} AS minutes FROM stats_sessions s GROUP BY s.lab_id`.execute(db);
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

/**
 * An event that counts as a session (docs/consumption.md): one of its rooms ran a session. An event
 * closed or cancelled before any started is no session, in no list or total. On the events row `e`.
 */
const heldSession = sql<boolean>`EXISTS (SELECT 1 FROM rooms r JOIN stats_sessions s ON s.room_id = r.id WHERE r.event_id = e.id)`;

/** The closed sessions of a lab: the events of the closed sessions list, and of every total. */
const closedSession = (labId: number, visible: EventCondition) =>
  sql<boolean>`e.lab_id = ${labId} AND ${visible} AND e.end_date IS NOT NULL AND ${heldSession}`;

/** An event's figures, one row, as docs/consumption.md defines them; a LATERAL over the events row `e`. */
export type EventFigures = {
  first_start: Date | null;
  last_end: Date | null;
  /** From its first session's start to its last one's end, in whole minutes rounded down. */
  length_minutes: number;
  /** People present in at least one of its sessions, each once. */
  participants: number;
  minutes: number;
  messages: number;
  votes: number;
  shares: number;
  polls: number;
};

/**
 * The one definition of an event's figures: the closed sessions list, the session detail, the totals
 * and the consumption's average all read them from here, so they add up row by row.
 */
const eventFigures = sql`
  SELECT agg.first_start, agg.last_end,
    coalesce(floor(extract(epoch FROM agg.last_end - agg.first_start) / 60), 0)::int AS length_minutes,
    (SELECT count(DISTINCT a.participant_id)::int FROM stats_attendance a
      JOIN rooms r ON r.id = a.room_id WHERE r.event_id = e.id) AS participants,
    agg.minutes, agg.messages, agg.votes, agg.shares,
    (SELECT count(*)::int FROM stats_polls p JOIN rooms r ON r.id = p.room_id
      WHERE r.event_id = e.id AND p.started_at IS NOT NULL) AS polls
  FROM (
    SELECT min(s.started_at) AS first_start, max(coalesce(s.ended_at, s.started_at)) AS last_end,
      ${billedMinutesSum} AS minutes,
      coalesce(sum(s.messages), 0)::int AS messages,
      coalesce(sum(s.votes), 0)::int AS votes,
      coalesce(sum(s.shares), 0)::int AS shares
    FROM rooms r JOIN stats_sessions s ON s.room_id = r.id
    WHERE r.event_id = e.id
  ) agg`;

/**
 * The totals of the lab's closed sessions the caller may see: sums of the closed sessions list's rows,
 * its average length and average minutes rounded as those rows are (down and up).
 */
export async function closedSessionTotals(db: Db, labId: number, visible: EventCondition) {
  const { rows } = await sql<{
    sessions: number;
    participants: number;
    minutes: number;
    average_length: number;
    average_minutes: number;
    messages: number;
    polls: number;
    votes: number;
    shares: number;
  }>`
    SELECT count(*)::int AS sessions,
      coalesce(sum(f.participants), 0)::int AS participants,
      coalesce(sum(f.minutes), 0)::int AS minutes,
      coalesce(floor(avg(f.length_minutes)), 0)::int AS average_length,
      coalesce(ceil(avg(f.minutes)), 0)::int AS average_minutes,
      coalesce(sum(f.messages), 0)::int AS messages,
      coalesce(sum(f.polls), 0)::int AS polls,
      coalesce(sum(f.votes), 0)::int AS votes,
      coalesce(sum(f.shares), 0)::int AS shares
    FROM events e CROSS JOIN LATERAL (${eventFigures}) f
    WHERE ${closedSession(labId, visible)}`.execute(db);
  // An aggregate without GROUP BY always answers one row.
  return rows[0] as (typeof rows)[number];
}

/** Every minute the lab's sessions consumed, running ones included: what its plan is charged. */
export async function labConsumedMinutes(db: Db, labId: number): Promise<number> {
  const { rows } = await sql<{ minutes: number }>`
    SELECT ${billedMinutesSum} AS minutes FROM stats_sessions s WHERE s.lab_id = ${labId}`.execute(db);
  return rows[0]?.minutes ?? 0;
}

/**
 * One value per bucket (day, ISO week or month in the lab's zone), the last bucket being the current
 * one: the sessions (events) whose first room session started in it, or the minutes of the room
 * sessions started in it. `before` is the minutes consumed before the first bucket (for the credit
 * left over time).
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
  // A session is an event (docs/consumption.md): counted once, where its first room session started.
  const firstOfItsEvent = sql<boolean>`NOT EXISTS (
    SELECT 1 FROM rooms r1 JOIN rooms r2 ON r2.event_id = r1.event_id
    JOIN stats_sessions s2 ON s2.room_id = r2.id
    WHERE r1.id = s.room_id
      AND (s2.started_at, s2.room_id, s2.session_number) < (s.started_at, s.room_id, s.session_number))`;
  const { rows } = await sql<{ bucket: string; sessions: number; minutes: number }>`
    WITH buckets AS (
      SELECT generate_series(
        date_trunc(${unit}, ${now}::timestamptz AT TIME ZONE ${timeZone}) - (${count - 1} * ${step}),
        date_trunc(${unit}, ${now}::timestamptz AT TIME ZONE ${timeZone}),
        ${step}
      ) AS bucket
    ),
    sessions AS (
      SELECT date_trunc(${unit}, s.started_at AT TIME ZONE ${timeZone}) AS bucket, ${billedMinutes} AS minutes,
        ${firstOfItsEvent} AS first
      FROM stats_sessions s
      WHERE s.lab_id = ${labId} AND ${visibleRoom(visible)}
        AND s.started_at >= (SELECT min(bucket) FROM buckets) AT TIME ZONE ${timeZone}
    )
    SELECT to_char(b.bucket, 'YYYY-MM-DD') AS bucket, count(*) FILTER (WHERE s.first)::int AS sessions,
      coalesce(sum(s.minutes), 0)::int AS minutes
    FROM buckets b LEFT JOIN sessions s ON s.bucket = b.bucket
    GROUP BY b.bucket ORDER BY b.bucket`.execute(db);
  const first = rows[0]?.bucket;
  const before =
    first === undefined
      ? 0
      : ((
          await sql<{ minutes: number }>`
            SELECT ${billedMinutesSum} AS minutes FROM stats_sessions s
            WHERE s.lab_id = ${labId} AND ${visibleRoom(visible)} AND s.started_at < ${first}::timestamp AT TIME ZONE ${timeZone}`.execute(
            db,
          )
        ).rows[0]?.minutes ?? 0);
  return { buckets: rows, minutesBefore: before };
}

export type ClosedEventRecord = EventFigures & {
  event_id: number;
  name: string;
  planned_start_date: Date;
  admin: string;
  invitations: number;
};

/**
 * A page of the lab's closed sessions, newest closed first, each with its figures; or, with `eventId`,
 * that one event's, closed or not, held or not (its detail's summary).
 */
export async function closedEventsPage(
  db: Db,
  labId: number,
  start: number,
  count: number,
  visible: EventCondition,
  eventId?: number,
): Promise<{ items: ClosedEventRecord[]; total: number }> {
  const which =
    eventId === undefined
      ? closedSession(labId, visible)
      : sql`e.lab_id = ${labId} AND ${visible} AND e.id = ${eventId}`;
  // The page is chosen first (an index scan of the lab's closed events), then only its events are
  // aggregated: aggregating every closed event before the limit cost 150 ms with 10,000 of them.
  const { rows } = await sql<ClosedEventRecord>`
    WITH page AS (
      SELECT e.id, e.name, e.planned_start_date, e.owner_id, e.end_date FROM events e
      WHERE ${which}
      ORDER BY e.end_date DESC, e.id DESC
      LIMIT ${count} OFFSET ${start}
    )
    SELECT e.id AS event_id, e.name, e.planned_start_date,
      coalesce(trim(u.first_name || ' ' || u.last_name), '') AS admin,
      (SELECT count(*)::int FROM participants p WHERE p.event_id = e.id) AS invitations,
      f.*
    FROM page e
    LEFT JOIN users u ON u.id = e.owner_id
    CROSS JOIN LATERAL (${eventFigures}) f
    ORDER BY e.end_date DESC, e.id DESC`.execute(db);
  if (eventId !== undefined) return { items: rows, total: rows.length };
  const { rows: counted } = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM events e WHERE ${closedSession(labId, visible)}`.execute(db);
  return { items: rows, total: counted[0]?.total ?? 0 };
}

/** The names of an event's rooms, by id: what its CSV files call them. */
export async function eventRoomNames(db: Db, eventId: number): Promise<Map<number, string>> {
  const rooms = await db.selectFrom('rooms').select(['id', 'name']).where('event_id', '=', eventId).execute();
  return new Map(rooms.map((room) => [room.id, room.name]));
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

/**
 * A download that counts (docs/consumption.md): taken from a room, by a guest or staff. A download from
 * the back office's documents list is staff previewing the file, recorded but not counted. On a
 * `document_downloads` row.
 */
const countedDownload = sql<boolean>`room_id IS NOT NULL`;

/**
 * The lab's documents, each with its shares in rooms and counted downloads. A deleted document leaves
 * the table: its shares stay in the totals (the sessions'), not here.
 */
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
      WHERE lab_id = ${labId} AND ${countedDownload} GROUP BY document_id
    ) dl ON dl.document_id = d.id
    WHERE d.lab_id = ${labId} AND d.deleted_at IS NULL
    ORDER BY introduction_count DESC, download_count DESC, d.name, d.id`.execute(db);
  return rows;
}
