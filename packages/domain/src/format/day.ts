// Days, one way on a page and in the mails, CSV and PDF the server writes: "26/11/2026" in French and English, "26.11.2026" in German (Intl with the
// page's language). An instant is shown as its day in `timeZone` (the reader's when absent); a calendar
// day written YYYY-MM-DD (a birth date, a chart's bucket) is that day wherever the reader is.
import { intlLocale } from '../shared/intlLocale.ts';

const NUMERIC_DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** "26/11/2026" for an instant. */
export function formatDay(instant: string | Date, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { ...NUMERIC_DAY, timeZone }).format(
    new Date(instant),
  );
}

/** A calendar day (YYYY-MM-DD) as the instant of its midnight in UTC, so printing it in UTC keeps the day. */
export function calendarDayInstant(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

/** "03/02/1970" for a calendar day (YYYY-MM-DD): no time zone moves it. */
export function formatCalendarDay(day: string, language: string): string {
  return formatDay(calendarDayInstant(day), language, 'UTC');
}

/** "Thursday 26 November 2026" for a calendar day (a date picker's choice), the reader's words. */
export function formatLongCalendarDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full', timeZone: 'UTC' }).format(
    calendarDayInstant(day),
  );
}

/** "01/11" (a chart's day or week): a calendar day without its year. */
export function formatShortCalendarDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(calendarDayInstant(day));
}

/** "Nov 2026" or, `long`, "November 2026": the month of a calendar day. */
export function formatCalendarMonth(day: string, language: string, long = false): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: long ? 'long' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(calendarDayInstant(day));
}
