// "Add to Google Calendar" and "Add to Outlook" on the calendar page: the services' own "new event"
// pages, filled from the event; nothing to sign in to here, the person saves it in their calendar
// themselves (ADR 0002 says why the spec's Google and Microsoft sign-in flows are replaced).
export type CalendarEntry = { title: string; start: Date; end: Date; details: string; location: string };

/** UTC as calendars write it in links: 20261201T130000Z. */
const compactUtc = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Google Calendar's "new event" page, filled (calendar.google.com/calendar/render?action=TEMPLATE). */
export function googleCalendarUrl(entry: CalendarEntry): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: entry.title,
    dates: `${compactUtc(entry.start)}/${compactUtc(entry.end)}`,
    details: entry.details,
    location: entry.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/**
 * Outlook on the web's "new event" page, filled (Microsoft 365 accounts; the calendar file serves the
 * others, Outlook for Windows and Mac included).
 */
export function outlookCalendarUrl(entry: CalendarEntry): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: entry.title,
    startdt: entry.start.toISOString(),
    enddt: entry.end.toISOString(),
    body: entry.details,
    location: entry.location,
  });
  return `https://outlook.office.com/calendar/deeplink/compose?${params.toString()}`;
}
