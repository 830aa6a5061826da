// Statistics and consumption (back-office spec 2.10, 2.11, 3, 7): the caller's lab's figures, shaped as
// the spec's calls answer them, from the `sessions` projection (stats.repository.ts). Who may call is the
// access table's (module stats and permission view statistics; permission view consumption). A session's
// data follows its event's visibility (canSeeEvent, docs/architecture.md "Access"): an event the caller
// may not see answers 404 like another lab's, and the lists and totals count only visible events. The
// consumption is the lab's plan and use, whoever's events consumed it. docs/consumption.md defines a
// consumed minute.
import {
  type ChartData,
  type ClosedEventSummary,
  consumedMinutes,
  DEFAULT_CHART_BUCKETS,
  type DocumentStatsRow,
  type EventStats,
  effectivePermissions,
  forbidden,
  isAnimator,
  type LabConsumption,
  type LiveRoomStats,
  notFound,
  optionShares,
  type PollStatsRow,
  type Principal,
  percentOf,
  type RoomSessionStats,
  type StatsPeriod,
  type StatsTotals,
  splitDuration,
} from '@lablive/domain';
import { stringify } from 'csv-stringify/sync';
import { type RawBuilder, sql } from 'kysely';
import { resolveRoomAccess } from '../access/roomAccess.ts';
import { findVisibleEvent, findVisibleRoom, visibleEventCondition } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';
import type { StatsAttendanceView, StatsSessionsView } from '../db/schema.ts';
import {
  type ClosedEventRecord,
  chartBuckets,
  closedEventsPage,
  documentStats,
  eventSessions,
  labPlan,
  labTotals,
  lastRoomSession,
  type PollStatsRecord,
  pollStats,
} from './stats.repository.ts';

export type StatsService = ReturnType<typeof createStatsService>;

/**
 * A CSV for spreadsheets: a cell a spreadsheet would run as a formula (a name typed as "=HYPERLINK(…)")
 * is quoted as text (OWASP's CSV injection advice).
 */
function toCsv(columns: string[], rows: unknown[][]): string {
  return stringify(rows, {
    header: true,
    columns,
    cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
  });
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function toSummary(record: ClosedEventRecord): ClosedEventSummary {
  const lengthMinutes =
    record.first_start && record.last_end
      ? Math.floor((record.last_end.getTime() - record.first_start.getTime()) / 60_000)
      : 0;
  const { days, hours, minutes } = splitDuration(lengthMinutes);
  return {
    event_id: record.event_id,
    name: record.name,
    date: (record.first_start ?? record.planned_start_date).toISOString(),
    admin: record.admin,
    invitation_total_count: record.invitations,
    participant_total_count: record.participants ?? 0,
    event_duration_days: days,
    event_duration_hour: hours,
    event_duration_minute: minutes,
    consumed_minutes: record.minutes,
  };
}

function toRoomSession(
  session: StatsSessionsView,
  attendance: readonly StatsAttendanceView[],
): RoomSessionStats {
  return {
    room_id: session.room_id,
    number: session.session_number,
    started_at: session.started_at.toISOString(),
    ended_at: iso(session.ended_at),
    closed: session.closed,
    consumed_minutes: consumedMinutes(session.consumed_ms),
    messages: session.messages,
    votes: session.votes,
    speak_requests: session.speak_requests,
    shares: session.shares,
    participants: attendance.map((row) => ({
      participant_id: row.participant_id,
      name: row.name,
      role: row.role,
      intervals: row.intervals,
      present_seconds: Math.round(row.present_ms / 1000),
      talk_seconds: Math.round(row.talk_ms / 1000),
      messages: row.messages,
      votes: row.votes,
      speak_requests: row.speak_requests,
    })),
  };
}

function toPollRow(record: PollStatsRecord): PollStatsRow {
  return {
    id: record.poll_id,
    room_id: record.room_id,
    event_id: record.event_id,
    event_name: record.event_name,
    name: record.title,
    question: record.question,
    type: record.allow_multiple ? 'multiple' : 'single',
    voters: record.voter_count,
    answers: optionShares(record.options, record.counts, record.voter_count).map(
      ({ option, count, percentage }) => ({ name: option, count, value: percentage }),
    ),
    started_at: iso(record.started_at),
  };
}

export function createStatsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function lab(principal: Principal) {
    const found = await labPlan(db, principal.labId);
    if (found === undefined) throw notFound('laboratory', principal.labId);
    return found;
  }

  async function chart(
    principal: Principal,
    period: StatsPeriod,
    count: number | undefined,
    valueFor: (bucket: { sessions: number; minutes: number }, consumedBefore: number) => number,
    visibility: RawBuilder<boolean>,
  ): Promise<ChartData> {
    const { timeZone } = await lab(principal);
    const { buckets, minutesBefore } = await chartBuckets(
      db,
      principal.labId,
      timeZone,
      period,
      count ?? DEFAULT_CHART_BUCKETS[period],
      now(),
      visibility,
    );
    let consumed = minutesBefore;
    const values = buckets.map((bucket) => {
      consumed += bucket.minutes;
      return valueFor(bucket, consumed);
    });
    const dates = buckets.map((bucket) => bucket.bucket);
    return { period, begin_date: dates[0] ?? '', dates, values, time_zone: timeZone };
  }

  async function eventStatsOf(principal: Principal, eventId: number) {
    const event = await findVisibleEvent(db, principal, eventId);
    if (event === undefined) throw notFound('event', eventId);
    return event;
  }

  return {
    async totals(principal: Principal): Promise<StatsTotals> {
      const totals = await labTotals(db, principal.labId, visibleEventCondition(principal, 'e'));
      return {
        sessions: totals.sessions,
        participants: totals.participants,
        minutes: totals.minutes,
        average_duration_minutes: totals.ended === 0 ? 0 : Math.round(totals.length_minutes / totals.ended),
        messages: totals.messages,
        polls: totals.polls,
        votes: totals.votes,
        documents_shared: totals.shares,
      };
    },

    async consumption(principal: Principal): Promise<LabConsumption> {
      const { planMinutes } = await lab(principal);
      // The lab's consumption counts every session of the lab: it is the plan's, not an event's.
      const totals = await labTotals(db, principal.labId, sql<boolean>`true`);
      const consumption = totals.minutes;
      const left = Math.max(0, planMinutes - consumption);
      return {
        plan: planMinutes,
        consumption,
        left,
        average: totals.ended === 0 ? 0 : Math.round(totals.ended_minutes / totals.ended),
        sessions: totals.ended,
        consumed_percent: percentOf(consumption, planMinutes),
        left_percent: percentOf(left, planMinutes),
      };
    },

    sessionsChart: (principal: Principal, period: StatsPeriod, count?: number) =>
      chart(principal, period, count, (bucket) => bucket.sessions, visibleEventCondition(principal, 'e')),

    consumptionChart: (principal: Principal, period: StatsPeriod, count?: number) =>
      chart(principal, period, count, (bucket) => bucket.minutes, sql<boolean>`true`),

    async creditChart(principal: Principal, period: StatsPeriod, count?: number) {
      const { planMinutes } = await lab(principal);
      return chart(
        principal,
        period,
        count,
        (_bucket, consumed) => Math.max(0, planMinutes - consumed),
        sql<boolean>`true`,
      );
    },

    async closedEvents(principal: Principal, page: { start: number; count: number }) {
      const { items, total } = await closedEventsPage(
        db,
        principal.labId,
        page.start,
        page.count,
        visibleEventCondition(principal, 'e'),
      );
      return { items: items.map(toSummary), total };
    },

    async polls(principal: Principal, page: { start: number; count: number }) {
      const { items, total } = await pollStats(
        db,
        principal.labId,
        page,
        visibleEventCondition(principal, 'e'),
      );
      return { items: items.map(toPollRow), total };
    },

    documents: (principal: Principal): Promise<DocumentStatsRow[]> => documentStats(db, principal.labId),

    async eventStats(principal: Principal, eventId: number): Promise<EventStats> {
      const event = await eventStatsOf(principal, eventId);
      const visible = visibleEventCondition(principal, 'e');
      const [summary] = (await closedEventsPage(db, principal.labId, 0, 1, visible, eventId)).items;
      const { sessions, attendance } = await eventSessions(db, eventId);
      const polls = await pollStats(db, principal.labId, { eventId }, visible);
      const { timeZone } = await lab(principal);
      return {
        event_id: event.id,
        name: event.name,
        time_zone: timeZone,
        closed: event.end_date !== null,
        summary: toSummary(summary as ClosedEventRecord),
        sessions: sessions.map((session) =>
          toRoomSession(
            session,
            attendance.filter(
              (row) => row.room_id === session.room_id && row.session_number === session.session_number,
            ),
          ),
        ),
        polls: polls.items.map(toPollRow),
      };
    },

    /**
     * The live stats tab: the room's current (or last) session. Staff who may read statistics see the
     * room's of any event they may see (the route's scope checked that); anyone else, staff included,
     * only a room they animate, while it is open to them.
     */
    async liveRoomStats(principal: Principal, roomId: number): Promise<LiveRoomStats> {
      if ((await findVisibleRoom(db, principal, roomId)) === undefined) throw notFound('room', roomId);
      if (!effectivePermissions(principal).includes('view_statistics')) {
        const { actor } = await resolveRoomAccess(db, principal, roomId);
        if (!isAnimator(actor.role)) throw forbidden("Only the room's animators see its statistics.");
      }
      const last = await lastRoomSession(db, roomId);
      return { session: last === null ? null : toRoomSession(last.session, last.attendance) };
    },

    /** One line per person and session: when they came and went, and what they did. */
    async attendanceCsv(principal: Principal, eventId: number): Promise<string> {
      const stats = await this.eventStats(principal, eventId);
      const rows = stats.sessions.flatMap((session) =>
        session.participants.map((person) => [
          session.room_id,
          session.number,
          person.name,
          person.role,
          person.intervals.map((stay) => `${stay.from}/${stay.to ?? ''}`).join(' '),
          person.intervals.length,
          Math.round(person.present_seconds / 60),
          person.talk_seconds,
          person.messages,
          person.votes,
          person.speak_requests,
        ]),
      );
      return toCsv(
        [
          'room',
          'session',
          'participant',
          'role',
          'stays (ISO from/to)',
          'stays',
          'minutes present',
          'talk seconds',
          'messages',
          'votes',
          'speak requests',
        ],
        rows,
      );
    },

    /** One line per poll answer, with its votes and share of the voters. */
    async pollsCsv(principal: Principal, eventId: number): Promise<string> {
      await eventStatsOf(principal, eventId);
      const { items } = await pollStats(
        db,
        principal.labId,
        { eventId },
        visibleEventCondition(principal, 'e'),
      );
      const rows = items.flatMap((record) =>
        toPollRow(record).answers.map((answer) => [
          record.room_id,
          record.title,
          record.question,
          answer.name,
          answer.count,
          answer.value,
          record.voter_count,
        ]),
      );
      return toCsv(['room', 'poll', 'question', 'answer', 'votes', 'percent of voters', 'voters'], rows);
    },
  };
}
