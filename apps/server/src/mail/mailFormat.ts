// What every LabLive mail is made of: a subject, a plain text and an HTML body, with HTML-escaped values
// and dates written in the reader's language and time zone.
import type { Locale } from '@lablive/domain';

export type RenderedMail = { subject: string; text: string; html: string };

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
