// An event's planned day and hours as the back office shows them: "Tue 1 Dec 2026, 14:00 – 16:00" in
// the reader's language, in the event's own time zone (named when it is not the reader's).
import type { LabEvent } from '@lablive/domain';

export function formatEventTimes(
  event: Pick<LabEvent, 'planned_start_date' | 'planned_end_date'> & { default_timezone?: string },
  locale: string,
  readerTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  const timeZone = event.default_timezone ?? readerTimeZone;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(
    new Date(event.planned_start_date),
  );
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  const hours = `${time.format(new Date(event.planned_start_date))} – ${time.format(new Date(event.planned_end_date))}`;
  return timeZone === readerTimeZone ? `${day}, ${hours}` : `${day}, ${hours} (${timeZone})`;
}
