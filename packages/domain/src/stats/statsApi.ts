// The statistics and consumption calls (back-office spec 2.10, 2.11, 3 and 7): what the Statistics and
// My consumption pages read. Every figure is served from the projections of the log (docs/consumption.md
// says what a consumed minute is); none is random, sampled or made up when a call fails.

import { z } from 'zod';
import { localeSchema } from '../auth/responses.ts';
import { participantConsentSchema } from '../consents/consents.ts';
import { queryNumberSchema } from '../shared/ids.ts';
import { announcementStatsRowSchema } from './announcementStats.ts';
import { lobbyStatsRowSchema } from './lobbyStats.ts';
import { questionStatsRowSchema } from './questionStats.ts';

/** The charts' buckets: a day, an ISO week (from Monday) or a month, in the lab's time zone. */
export const STATS_PERIODS = ['day', 'week', 'month'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export const statsPeriodParamsSchema = z.object({ period: z.enum(STATS_PERIODS) });

/** How many buckets a chart shows by default, ending with the current one. */
export const DEFAULT_CHART_BUCKETS: Record<StatsPeriod, number> = { day: 30, week: 12, month: 12 };

export const chartQuerySchema = z.object({ count: queryNumberSchema(1, 366).optional() });

/**
 * A chart's series (spec 3, "Chart data"): one value per bucket, the first bucket starting on
 * `begin_date`. `dates` is every bucket's first day (YYYY-MM-DD, in the lab's time zone).
 */
export const chartDataSchema = z.object({
  period: z.enum(STATS_PERIODS),
  begin_date: z.string(),
  dates: z.array(z.string()),
  values: z.array(z.number()),
  time_zone: z.string(),
});
export type ChartData = z.infer<typeof chartDataSchema>;

/** GET lab-consumption: the lab's plan and what its sessions consumed, in minutes (spec 3, "Consumption"). */
export const labConsumptionSchema = z.object({
  plan: z.number().int(),
  consumption: z.number().int(),
  left: z.number().int(),
  /** Minutes per closed session: the rows' mean, rounded up as they are; 0 before the first. */
  average: z.number().int(),
  /** Closed sessions: closed events that ran at least one session (docs/consumption.md). */
  sessions: z.number().int(),
  /** Floors of consumption / plan and left / plan in percent (spec 9); 0 with no plan. */
  consumed_percent: z.number().int(),
  left_percent: z.number().int(),
});
export type LabConsumption = z.infer<typeof labConsumptionSchema>;

/** Floor of part / whole in percent, as the spec's progress bars show it; 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.floor((part * 100) / whole);
}

/**
 * GET stats/totals: the closed sessions list's rows added up (docs/consumption.md defines each figure):
 * the closed events that ran at least one session, those the caller may see.
 */
export const statsTotalsSchema = z.object({
  sessions: z.number().int(),
  /** People present, each once per session (event), summed over sessions. */
  participants: z.number().int(),
  minutes: z.number().int(),
  /** The rows' lengths' mean, rounded down as they are. */
  average_duration_minutes: z.number().int(),
  messages: z.number().int(),
  polls: z.number().int(),
  votes: z.number().int(),
  documents_shared: z.number().int(),
});
export type StatsTotals = z.infer<typeof statsTotalsSchema>;

/** A poll's results (spec 3, "Poll stats row"): each answer with its share of the voters in percent. */
export const pollStatsRowSchema = z.object({
  id: z.string(),
  room_id: z.number().int(),
  event_id: z.number().int(),
  event_name: z.string(),
  name: z.string(),
  question: z.string(),
  type: z.enum(['single', 'multiple']),
  voters: z.number().int(),
  answers: z.array(z.object({ name: z.string(), count: z.number().int(), value: z.number() })),
  started_at: z.string().nullable(),
});
export type PollStatsRow = z.infer<typeof pollStatsRowSchema>;

/** A session's CSV files: in this language (the page's), else the reader's account's. */
export const statsCsvQuerySchema = z.object({ locale: localeSchema.optional() });

export const pageQuerySchema = z.object({
  start: queryNumberSchema(0, Number.MAX_SAFE_INTEGER).default(0),
  count: queryNumberSchema(1, 100).default(15),
});

export const pollStatsPageSchema = z.object({ items: z.array(pollStatsRowSchema), total: z.number().int() });

/** A document's shares and downloads from rooms (spec 3, "Document stats row"); deleted ones are not listed. */
export const documentStatsRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.string(),
  introduction_count: z.number().int(),
  download_count: z.number().int(),
});
export type DocumentStatsRow = z.infer<typeof documentStatsRowSchema>;
export const documentStatsListSchema = z.array(documentStatsRowSchema);

/**
 * A closed session (spec 3, "Closed event summary"): a closed event that ran at least one session, with
 * the minutes its sessions consumed. Its length runs from its first session's start to its last one's
 * end, in whole minutes rounded down.
 */
export const closedEventSummarySchema = z.object({
  event_id: z.number().int(),
  name: z.string(),
  /** When its first session started (ISO), or its planned start when none did. */
  date: z.string(),
  admin: z.string(),
  invitation_total_count: z.number().int(),
  participant_total_count: z.number().int(),
  event_duration_days: z.number().int(),
  event_duration_hour: z.number().int(),
  event_duration_minute: z.number().int(),
  consumed_minutes: z.number().int(),
});
export type ClosedEventSummary = z.infer<typeof closedEventSummarySchema>;
export const closedEventPageSchema = z.object({
  items: z.array(closedEventSummarySchema),
  total: z.number().int(),
});

/** Days, hours and minutes of a length in minutes, as the closed sessions list shows it. */
export function splitDuration(totalMinutes: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

/** One stay in the room: `to` is null while the person is still there (a live session). */
export const attendanceIntervalSchema = z.object({ from: z.string(), to: z.string().nullable() });

export const sessionParticipantSchema = z.object({
  participant_id: z.number().int(),
  name: z.string(),
  role: z.string(),
  intervals: z.array(attendanceIntervalSchema),
  present_seconds: z.number().int(),
  talk_seconds: z.number().int(),
  messages: z.number().int(),
  votes: z.number().int(),
  speak_requests: z.number().int(),
  /** The consents they gave (issue 33): each version accepted, withdrawn or not. */
  consents: z.array(participantConsentSchema),
});
export type SessionParticipant = z.infer<typeof sessionParticipantSchema>;

export const roomSessionStatsSchema = z.object({
  room_id: z.number().int(),
  number: z.number().int(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  closed: z.boolean(),
  consumed_minutes: z.number().int(),
  messages: z.number().int(),
  votes: z.number().int(),
  speak_requests: z.number().int(),
  shares: z.number().int(),
  participants: z.array(sessionParticipantSchema),
});
export type RoomSessionStats = z.infer<typeof roomSessionStatsSchema>;

/** GET events/{id}/stats: a session's detail (the event, each room's sessions, its polls). */
export const eventStatsSchema = z.object({
  event_id: z.number().int(),
  name: z.string(),
  time_zone: z.string(),
  closed: z.boolean(),
  summary: closedEventSummarySchema,
  sessions: z.array(roomSessionStatsSchema),
  polls: z.array(pollStatsRowSchema),
  /** Every room's questions (issue 33, part 3), with who asked: statistics are for staff. */
  questions: z.array(questionStatsRowSchema),
  /** Each room's lobby per session (issue 33, part 2): knocks and their answers, waits, removals. */
  lobby: z.array(lobbyStatsRowSchema),
  /** What staff announced to every room (issue 33, part 4), per room and session. */
  announcements: z.array(announcementStatsRowSchema),
});
export type EventStats = z.infer<typeof eventStatsSchema>;

/** GET rooms/{id}/stats: the room's current (or last) session as the live stats tab shows it. */
export const liveRoomStatsSchema = z.object({ session: roomSessionStatsSchema.nullable() });
export type LiveRoomStats = z.infer<typeof liveRoomStatsSchema>;

/** Someone's time present up to `now`, counting a stay still open (the projection counts it at its end). */
export function presentSecondsAt(participant: SessionParticipant, nowMs: number): number {
  const open = participant.intervals.find((interval) => interval.to === null);
  const openSeconds = open ? Math.max(0, Math.floor((nowMs - Date.parse(open.from)) / 1000)) : 0;
  return participant.present_seconds + openSeconds;
}
