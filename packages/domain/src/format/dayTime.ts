// Days with their time, and times, one way on a page and in what the server writes (Intl with the page's language, 24-hour clock):
// "26/11/2026, 14:05" in lists and logs, "Thursday, 26 November 2026 at 14:05" where a guest reads when
// their event is, "14:05" beside a day already shown. `timeZone` is the zone the time is told in (an
// event's, a lab's); absent, the reader's.
import { intlLocale } from '../shared/intlLocale.ts';

const DAY_TIME = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;

/** "26/11/2026, 14:05". */
export function formatDayTime(instant: string | Date, language: string, timeZone?: string): string {
  return dayTimeFormat(language, timeZone).format(new Date(instant));
}

/** The formatter behind formatDayTime, for a list that formats many. */
export function dayTimeFormat(language: string, timeZone?: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(intlLocale(language), { ...DAY_TIME, timeZone });
}

/** "Thursday, 26 November 2026 at 14:05"; null for a date that does not parse. */
export function formatLongDayTime(
  instant: string | Date,
  language: string,
  timeZone?: string,
): string | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  return longDayTimeFormat(language, timeZone).format(date);
}

/** The formatter behind formatLongDayTime (its formatRange says "from … to …" the language's way). */
export function longDayTimeFormat(language: string, timeZone?: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full', timeStyle: 'short', timeZone });
}

/** The formatter of "26/11/2026, 14:05:09": an instant to the second (a replay's position). */
export function instantFormat(language: string, timeZone?: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(intlLocale(language), { ...DAY_TIME, second: '2-digit', timeZone });
}

/** The formatter of "14:05" (24-hour in every language). */
export function timeFormat(language: string, timeZone?: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
}

/**
 * An event's planned day and hours: "26 Nov 2026, 14:00 – 16:00", told in the event's own time zone,
 * named when it is not the reader's.
 */
export function formatDayAndHours(
  range: { start: string; end: string; timeZone?: string | undefined },
  language: string,
  readerTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  const timeZone = range.timeZone ?? readerTimeZone;
  const day = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone }).format(
    new Date(range.start),
  );
  const time = timeFormat(language, timeZone);
  const hours = `${time.format(new Date(range.start))} – ${time.format(new Date(range.end))}`;
  return timeZone === readerTimeZone ? `${day}, ${hours}` : `${day}, ${hours} (${timeZone})`;
}
