// IANA time zones (`Europe/Paris`), as events and participants carry them: checked against the
// runtime's own zone database, so a zone the server cannot format dates in is refused at the boundary.
import { tzOffset } from '@date-fns/tz';
import { text } from './text.ts';

export function isTimeZone(value: string): boolean {
  if (value.length === 0) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = text()
  .trim()
  .max(64)
  .refine(isTimeZone, { message: 'must be an IANA time zone, e.g. Europe/Paris' });

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The instants a wall-clock day (`YYYY-MM-DD`) and time (`HH:mm`) stand for in a zone, earliest first:
 * one most of the time, none for a time the clocks skip when they go forward, two for one they repeat
 * when they go back. The zone's offsets around that day are the only candidates (a day holds at most one
 * change of offset), each kept if that instant reads the same wall clock there.
 */
export function wallClockInstants(day: string, time: string, timeZone: string): Date[] {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, date, hours, minutes);
  const offsetAt = (instant: number) => tzOffset(timeZone, new Date(instant)) * MINUTE_MS;
  const candidates = new Set([wall - DAY_MS, wall, wall + DAY_MS].map((near) => wall - offsetAt(near)));
  return [...candidates]
    .filter((instant) => instant + offsetAt(instant) === wall)
    .sort((a, b) => a - b)
    .map((instant) => new Date(instant));
}

/**
 * Why a wall-clock day and time name no single instant in a zone (undefined when they do): the clocks
 * skip it or repeat it at a daylight-saving change. Such a time is refused rather than moved or
 * guessed: guests would be told a time an hour off.
 */
export function wallClockProblem(day: string, time: string, timeZone: string): string | undefined {
  if (!isTimeZone(timeZone)) return undefined;
  const instants = wallClockInstants(day, time, timeZone);
  if (instants.length === 0) {
    return `${day} ${time} does not exist in ${timeZone}: the clocks go forward over it; choose another time.`;
  }
  if (instants.length > 1) {
    return `${day} ${time} happens twice in ${timeZone}: the clocks go back over it; choose another time.`;
  }
  return undefined;
}
