// What every LabLive mail is made of: a subject, a plain text and an HTML body, with HTML-escaped values,
// values kept to one line, and dates written in the reader's language and time zone.
import { asOneLine, type Locale } from '@lablive/domain';

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
 * The formatter of a language and time zone, made once: making one costs more than formatting with it,
 * and a burst of reminders formats thousands of dates in a handful of zones. Null for a zone Intl does
 * not know.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatterOf(locale: Locale, timeZone: string): Intl.DateTimeFormat | null {
  const key = `${locale} ${timeZone}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A date in the reader's time zone; a zone Intl does not know falls back to UTC rather than failing a mail. */
export function dateTime(locale: Locale, date: Date, timeZone: string): string {
  const formatter = formatterOf(locale, timeZone);
  return formatter ? formatter.format(date) : `${formatterOf(locale, 'UTC')?.format(date)} UTC`;
}
