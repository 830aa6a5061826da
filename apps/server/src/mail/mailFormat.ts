// What every LabLive mail is made of: a subject, a plain text and an HTML body, with HTML-escaped values
// and dates written in the reader's language and time zone.
import type { Locale } from '@lablive/domain';

export type RenderedMail = { subject: string; text: string; html: string };

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A date in the reader's time zone; a zone Intl does not know falls back to UTC rather than failing a mail. */
export function dateTime(locale: Locale, date: Date, timeZone: string): string {
  const options = { dateStyle: 'full', timeStyle: 'short' } as const;
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    return `${new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date)} UTC`;
  }
}
