// What every LabLive mail is made of: a subject, a plain text and an HTML body, with HTML-escaped values,
// values kept to one line, and dates written in the reader's language and time zone.
import { asOneLine, intlLocale, type Locale } from '@lablive/domain';

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * A mail's values with every string made one line (asOneLine). The schemas refuse line breaks in names,
 * but rows stored before they did may hold some, and a name or an event's name that breaks its line
 * would add a line to the plain-text mail that passes for ours ("Click http://…"). Only the top-level
 * strings change (names, addresses of ours, which hold no line break); dates and numbers pass as they are.
 */
export function oneLineValues<T extends object>(values: T): T {
  const entries = Object.entries(values).map(([key, value]) => [
    key,
    typeof value === 'string' ? asOneLine(value) : value,
  ]);
  return Object.fromEntries(entries) as T;
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The formatters of a language and time zone, made once: making one costs more than formatting with it,
 * and a burst of reminders formats thousands of dates in a handful of zones. Null for a zone Intl does
 * not know.
 */
type ZoneFormatters = { dateTime: Intl.DateTimeFormat; zoneName: Intl.DateTimeFormat };
const formatters = new Map<string, ZoneFormatters | null>();
function formattersOf(locale: Locale, timeZone: string): ZoneFormatters | null {
  const key = `${locale} ${timeZone}`;
  let made = formatters.get(key);
  if (made === undefined) {
    try {
      made = {
        dateTime: new Intl.DateTimeFormat(intlLocale(locale), {
          dateStyle: 'full',
          timeStyle: 'short',
          timeZone,
        }),
        zoneName: new Intl.DateTimeFormat(intlLocale(locale), { timeZone, timeZoneName: 'long' }),
      };
    } catch {
      made = null;
    }
    formatters.set(key, made);
  }
  return made;
}

/**
 * A date in the reader's time zone, the zone named in their language and by its id, so nobody reads it
 * on the wrong clock: "Dienstag, 1. Dezember 2026 um 14:00 (Mitteleuropäische Normalzeit, Europe/Berlin)".
 * A zone Intl does not know falls back to UTC rather than failing a mail.
 */
export function dateTime(locale: Locale, date: Date, timeZone: string): string {
  const zone = formattersOf(locale, timeZone) ? timeZone : 'UTC';
  const { dateTime: format, zoneName } = formattersOf(locale, zone) as ZoneFormatters;
  const name = zoneName.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return `${format.format(date)} (${name ? `${name}, ` : ''}${zone})`;
}
