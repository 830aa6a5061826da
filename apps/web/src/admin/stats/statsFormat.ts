// The pure arithmetic behind the Statistics, session detail and My consumption pages: the charts' bucket
// labels and which of them to print, the attendance timeline's bars and time ticks, the rooms' numbers.
// No clock and no locale of its own: both are passed in, so the tests pin them.
import type { RoomSessionStats, StatsPeriod } from '@lablive/domain';
import { formatCalendarDay, formatCalendarMonth, formatShortCalendarDay } from '../../format/day.ts';

/** The closed sessions list's page sizes: the back office's lists' (spec 9: 5, 15, 30, and 50; 5 first). */
export const CLOSED_SESSION_PAGE_SIZES = [5, 15, 30, 50] as const;

/** How many polls "Show more" adds: two lines of three (spec 9: the answers' grid is 3 per line). */
export const POLLS_PER_LOAD = 6;

/** A bucket's label: 24/11 for a day or a week (its Monday), Nov 2026 for a month; `long` for tables.
 *  The bucket's date is already a day of the lab's time zone, so it is printed as that calendar day. */
export function bucketLabel(date: string, period: StatsPeriod, locale: string, long = false): string {
  if (period === 'month') return formatCalendarMonth(date, locale, long);
  return long ? formatCalendarDay(date, locale) : formatShortCalendarDay(date, locale);
}

/** Which of `count` buckets get a label on the axis: evenly spaced, the last one always, `max` at most. */
export function labelledIndexes(count: number, max: number): number[] {
  if (count <= 0) return [];
  const step = Math.max(1, Math.ceil(count / Math.max(1, max)));
  const indexes: number[] = [];
  // Counted back from the last bucket (the current one), which matters most.
  for (let index = count - 1; index >= 0; index -= step) indexes.unshift(index);
  return indexes;
}

export type TimelineBar = { from: number; to: number; left: number; width: number; open: boolean };
export type TimelineRow = { participantId: number; bars: TimelineBar[] };
export type Timeline = { start: number; end: number; ticks: number[]; rows: TimelineRow[] };

const MINUTE_MS = 60_000;
/** Tick steps, in minutes: the first that gives at most six ticks over the session. */
const TICK_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440];

/** Round instants every `stepMinutes` from `start` to `end` (both included when they fall on one). */
export function timeTicks(start: number, end: number, maxTicks = 6): number[] {
  if (!(end > start)) return [start];
  const span = (end - start) / MINUTE_MS;
  const step = (TICK_STEPS.find((candidate) => span / candidate <= maxTicks - 1) ?? 1440) * MINUTE_MS;
  const ticks: number[] = [];
  for (let tick = Math.ceil(start / step) * step; tick <= end; tick += step) ticks.push(tick);
  return ticks;
}

/**
 * The attendance timeline of a room's session: one row per person, a bar per stay placed on an axis
 * shared by every row (in percent of it), from the first arrival or the session's start, whichever is
 * earlier, to its end (or the last departure; `nowMs` while a stay or the session is still open).
 */
export function sessionTimeline(session: RoomSessionStats, nowMs: number): Timeline {
  const stays = session.participants.flatMap((person) =>
    person.intervals.map((stay) => ({
      from: Date.parse(stay.from),
      to: stay.to === null ? nowMs : Date.parse(stay.to),
    })),
  );
  const sessionEnd = session.ended_at === null ? nowMs : Date.parse(session.ended_at);
  const start = Math.min(Date.parse(session.started_at), ...stays.map((stay) => stay.from));
  const end = Math.max(sessionEnd, start, ...stays.map((stay) => stay.to));
  const span = Math.max(1, end - start);
  const percent = (instant: number) => ((instant - start) / span) * 100;
  return {
    start,
    end,
    ticks: timeTicks(start, end),
    rows: session.participants.map((person) => ({
      participantId: person.participant_id,
      bars: person.intervals.map((stay) => {
        const from = Date.parse(stay.from);
        const to = stay.to === null ? nowMs : Date.parse(stay.to);
        return {
          from,
          to,
          left: percent(from),
          // A stay of a few seconds stays visible.
          width: Math.max(0.5, percent(to) - percent(from)),
          open: stay.to === null,
        };
      }),
    })),
  };
}

/** The rooms of an event's sessions, numbered 1, 2… in the order they were made (their ids). */
export function roomNumbers(sessions: readonly RoomSessionStats[]): Map<number, number> {
  const ids = [...new Set(sessions.map((session) => session.room_id))].sort((a, b) => a - b);
  return new Map(ids.map((id, index) => [id, index + 1]));
}

/** Whole minutes of a length in seconds, as the timeline's totals show it (rounded, as the CSV does). */
export const minutesOf = (seconds: number): number => Math.round(seconds / 60);

/** H:MM:SS of a length in seconds, hours unpadded: 0:04:09, 12:30:00. */
export function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}
