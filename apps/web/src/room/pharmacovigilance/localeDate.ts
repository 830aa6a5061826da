// Birth dates typed the way the reader's locale writes dates (live-room spec, section 5): the order of
// day, month and year comes from Intl (fr and de: day first; en: month first), and the typed date is
// turned into the report's 'YYYY-MM-DD HH:mm:ss'. A date that does not exist or lies ahead is refused.
import type { Locale } from '@lablive/domain';

export type DatePart = 'day' | 'month' | 'year';

export type LocaleDateFormat = {
  /** The order in which the locale writes the parts. */
  order: readonly [DatePart, DatePart, DatePart];
  /** The separator the locale uses (a slash in fr and en, a dot in de). */
  separator: string;
};

const isDatePart = (type: string): type is DatePart => type === 'day' || type === 'month' || type === 'year';

export function localeDateFormat(locale: Locale): LocaleDateFormat {
  // Any date with distinct parts; only the order and the literal between them are read.
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(Date.UTC(2001, 10, 22, 12)))
    .filter((part) => isDatePart(part.type) || part.type === 'literal');
  const order = parts.map((part) => part.type).filter(isDatePart);
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  const [first, second, third] = order;
  if (first === undefined || second === undefined || third === undefined) {
    return { order: ['day', 'month', 'year'], separator: '/' };
  }
  return { order: [first, second, third], separator };
}

/** The pattern shown to the reader, with the locale's letters for each part (e.g. JJ/MM/AAAA). */
export function datePattern(format: LocaleDateFormat, letters: Record<DatePart, string>): string {
  return format.order.map((part) => letters[part]).join(format.separator);
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/**
 * 'YYYY-MM-DD 00:00:00' for a date typed in the locale's order (any of / . - or spaces between the
 * parts), or null when it is not a day of the calendar, is before 1900, or is after `today`.
 */
export function parseLocaleDate(typed: string, format: LocaleDateFormat, today: Date): string | null {
  const pieces = typed.trim().split(/\s*[/.\-\s]\s*/);
  if (pieces.length !== 3 || pieces.some((piece) => !/^\d{1,4}$/.test(piece))) return null;
  const values: Partial<Record<DatePart, number>> = {};
  format.order.forEach((part, index) => {
    values[part] = Number(pieces[index]);
  });
  const { day, month, year } = values;
  if (day === undefined || month === undefined || year === undefined) return null;
  // A four-digit year only: "01" could be 1901 or 2001, and a birth date must not guess.
  if ((pieces[format.order.indexOf('year')] ?? '').length !== 4 || year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!exists) return null;
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  if (date.getTime() > todayUtc) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)} 00:00:00`;
}
