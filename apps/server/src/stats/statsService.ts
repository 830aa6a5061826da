// Statistics and consumption (back-office spec 2.10, 2.11, 3, 7): the caller's lab's figures, shaped as
// the spec's calls answer them, from the `sessions` projection (stats.repository.ts). Who may call is the
// access table's (module stats and permission view statistics; permission view consumption). A session's
// data follows its event's visibility (canSeeEvent, docs/architecture.md "Access"): an event the caller
// may not see answers 404 like another lab's, and the lists and totals count only visible events. The
// consumption is the lab's plan and use, whoever's events consumed it. docs/consumption.md defines a
// consumed minute and each figure (a session, who is present, the totals and averages).

import {
  type ChartData,
  DEFAULT_CHART_BUCKETS,
  type DocumentStatsRow,
  type EventStats,
  effectivePermissions,
  forbidden,
  isAnimator,
  type LabConsumption,
  type LiveRoomStats,
  type Locale,
  notFound,
  type Principal,
  percentOf,
  type StatsPeriod,
  type StatsTotals,
} from '@lablive/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Caller } from '../access/caller.ts';
import { resolveRoomAccess } from '../access/roomAccess.ts';
import { findVisibleEvent, findVisibleRoom, visibleEventCondition } from '../access/visibleEvents.ts';
import type { AuditService } from '../audit/auditService.ts';
import { consentsOfParticipants } from '../consents/consents.repository.ts';
import type { Db } from '../db/connection.ts';
import { eventAnnouncements } from './announcementStats.ts';
import { eventLobby } from './lobbyStats.ts';
import { eventQuestions } from './questionStats.ts';
import { questionsCsv } from './questionsCsv.ts';
import {
  type ClosedEventRecord,
  chartBuckets,
  closedEventsPage,
  closedSessionTotals,
  documentStats,
  eventRoomNames,
  eventSessions,
  labConsumedMinutes,
  labPlan,
  lastRoomSession,
  pollStats,
} from './stats.repository.ts';
import { attendanceCsv, pollsCsv } from './statsCsv.ts';
import { toPollRow, toRoomSession, toSummary } from './statsShapes.ts';

type CsvKind = 'attendance' | 'polls' | 'questions';

export type StatsService = ReturnType<typeof createStatsService>;

/** What records an export in the audit trail (the audit service's). */
type ExportRecorder = Pick<AuditService, 'recordExport'>;
type Context = { db: Db; now: () => Date; audit: ExportRecorder };
type Page = { start: number; count: number };

export function createStatsService(deps: { db: Db; now?: () => Date; audit: ExportRecorder }) {
  const ctx: Context = { db: deps.db, now: deps.now ?? (() => new Date()), audit: deps.audit };
  return {
    totals: (principal: Principal) => totals(ctx, principal),
    consumption: (principal: Principal) => consumption(ctx, principal),
    sessionsChart: (principal: Principal, period: StatsPeriod, count?: number) =>
      chart(
        ctx,
        principal,
        period,
        count,
        (bucket) => bucket.sessions,
        visibleEventCondition(principal, 'e'),
      ),
    consumptionChart: (principal: Principal, period: StatsPeriod, count?: number) =>
      chart(ctx, principal, period, count, (bucket) => bucket.minutes, sql<boolean>`true`),
    creditChart: (principal: Principal, period: StatsPeriod, count?: number) =>
      creditChart(ctx, principal, period, count),
    closedEvents: (principal: Principal, page: Page) => closedEvents(ctx, principal, page),
    polls: (principal: Principal, page: Page) => polls(ctx, principal, page),
    documents: (principal: Principal): Promise<DocumentStatsRow[]> => documentStats(ctx.db, principal.labId),
    eventStats: (principal: Principal, eventId: number) => eventStats(ctx, principal, eventId),
    liveRoomStats: (principal: Principal, roomId: number) => liveRoomStats(ctx, principal, roomId),
    attendanceCsv: (caller: Caller, eventId: number, locale: Locale) =>
      eventCsv(ctx, caller, eventId, locale, 'attendance'),
    pollsCsv: (caller: Caller, eventId: number, locale: Locale) =>
      eventCsv(ctx, caller, eventId, locale, 'polls'),
    questionsCsv: (caller: Caller, eventId: number, locale: Locale) =>
      eventCsv(ctx, caller, eventId, locale, 'questions'),
  };
}

async function lab({ db }: Context, principal: Principal) {
  const found = await labPlan(db, principal.labId);
  if (found === undefined) throw notFound('laboratory', principal.labId);
  return found;
}

async function chart(
  ctx: Context,
  principal: Principal,
  period: StatsPeriod,
  count: number | undefined,
  valueFor: (bucket: { sessions: number; minutes: number }, consumedBefore: number) => number,
  visibility: RawBuilder<boolean>,
): Promise<ChartData> {
  const { timeZone } = await lab(ctx, principal);
  const { buckets, minutesBefore } = await chartBuckets(
    ctx.db,
    principal.labId,
    timeZone,
    period,
    count ?? DEFAULT_CHART_BUCKETS[period],
    ctx.now(),
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

async function eventStatsOf({ db }: Context, principal: Principal, eventId: number) {
  const event = await findVisibleEvent(db, principal, eventId);
  if (event === undefined) throw notFound('event', eventId);
  return event;
}

/** The closed sessions list's rows added up (docs/consumption.md): each figure is a sum of theirs. */
async function totals({ db }: Context, principal: Principal): Promise<StatsTotals> {
  const totals = await closedSessionTotals(db, principal.labId, visibleEventCondition(principal, 'e'));
  return {
    sessions: totals.sessions,
    participants: totals.participants,
    minutes: totals.minutes,
    average_duration_minutes: totals.average_length,
    messages: totals.messages,
    polls: totals.polls,
    votes: totals.votes,
    documents_shared: totals.shares,
  };
}

async function consumption(ctx: Context, principal: Principal): Promise<LabConsumption> {
  const { planMinutes } = await lab(ctx, principal);
  // The lab's consumption counts every session of the lab, running ones too: it is the plan's, not an
  // event's, whoever may see the event. The average is over its closed sessions.
  const consumption = await labConsumedMinutes(ctx.db, principal.labId);
  const closed = await closedSessionTotals(ctx.db, principal.labId, sql<boolean>`true`);
  const left = Math.max(0, planMinutes - consumption);
  return {
    plan: planMinutes,
    consumption,
    left,
    average: closed.average_minutes,
    sessions: closed.sessions,
    consumed_percent: percentOf(consumption, planMinutes),
    left_percent: percentOf(left, planMinutes),
  };
}

async function creditChart(ctx: Context, principal: Principal, period: StatsPeriod, count?: number) {
  const { planMinutes } = await lab(ctx, principal);
  return chart(
    ctx,
    principal,
    period,
    count,
    (_bucket, consumed) => Math.max(0, planMinutes - consumed),
    sql<boolean>`true`,
  );
}

async function closedEvents({ db }: Context, principal: Principal, page: Page) {
  const { items, total } = await closedEventsPage(
    db,
    principal.labId,
    page.start,
    page.count,
    visibleEventCondition(principal, 'e'),
  );
  return { items: items.map(toSummary), total };
}

async function polls({ db }: Context, principal: Principal, page: Page) {
  const { items, total } = await pollStats(db, principal.labId, page, visibleEventCondition(principal, 'e'));
  return { items: items.map(toPollRow), total };
}

async function eventStats(ctx: Context, principal: Principal, eventId: number): Promise<EventStats> {
  const { db } = ctx;
  const event = await eventStatsOf(ctx, principal, eventId);
  const visible = visibleEventCondition(principal, 'e');
  const [summary] = (await closedEventsPage(db, principal.labId, 0, 1, visible, eventId)).items;
  const { sessions, attendance } = await eventSessions(db, eventId);
  const consents = await consentsOfParticipants(
    db,
    attendance.map((row) => row.participant_id),
  );
  const polls = await pollStats(db, principal.labId, { eventId }, visible);
  const { timeZone } = await lab(ctx, principal);
  const roomIds = [...(await eventRoomNames(db, eventId)).keys()];
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
        consents,
      ),
    ),
    polls: polls.items.map(toPollRow),
    questions: await eventQuestions(db, principal.labId, roomIds),
    lobby: await eventLobby(db, roomIds),
    announcements: await eventAnnouncements(db, principal.labId, roomIds),
  };
}

/**
 * The live stats tab: the room's current (or last) session. Staff who may read statistics see the
 * room's of any event they may see (the route's scope checked that); anyone else, staff included,
 * only a room they animate, while it is open to them.
 */
async function liveRoomStats({ db }: Context, principal: Principal, roomId: number): Promise<LiveRoomStats> {
  if ((await findVisibleRoom(db, principal, roomId)) === undefined) throw notFound('room', roomId);
  if (!effectivePermissions(principal).includes('view_statistics')) {
    const { actor } = await resolveRoomAccess(db, principal, roomId);
    if (!isAnimator(actor.role)) throw forbidden("Only the room's animators see its statistics.");
  }
  const last = await lastRoomSession(db, roomId);
  if (last === null) return { session: null };
  const consents = await consentsOfParticipants(
    db,
    last.attendance.map((row) => row.participant_id),
  );
  return { session: toRoomSession(last.session, last.attendance, consents) };
}

/** An event's CSV in the reader's language (statsCsv.ts), from its detail's figures; an export the audit trail records. */
async function eventCsv(ctx: Context, caller: Caller, eventId: number, locale: Locale, kind: CsvKind) {
  const stats = await eventStats(ctx, caller.principal, eventId);
  const reader = { locale, timeZone: stats.time_zone, roomNames: await eventRoomNames(ctx.db, eventId) };
  const csv =
    kind === 'attendance'
      ? attendanceCsv(stats, reader)
      : kind === 'polls'
        ? pollsCsv(stats.polls, reader)
        : questionsCsv(stats.questions, reader);
  await ctx.audit.recordExport(caller, {
    recordType: 'statistics',
    recordId: String(eventId),
    file: `${kind}.csv`,
  });
  return csv;
}
