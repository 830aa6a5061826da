// A CSV file that a spreadsheet opens in its reader's language: UTF-8 with a byte order mark (without
// one, Excel reads the file as the system's code page and "Désirée" comes out as "DÃ©sirÃ©e"), the
// reader's list separator (`;` in French and German, where `,` is the decimal comma; `,` in English),
// numbers written with that language's decimal sign, CRLF lines and fields quoted as RFC 4180 says.
import { intlLocale, type Locale } from '@lablive/domain';

/** A cell: text as it is, a number in the reader's notation, nothing for null. */
export type CsvCell = string | number | null;

/** The list separator Excel expects for the language (its regional settings' default). */
export function listSeparator(locale: Locale): ',' | ';' {
  return locale === 'en' ? ',' : ';';
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();
function numberFormat(locale: Locale): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (format === undefined) {
    // No grouping: "1 234" (a narrow space in French) would be read as text, not as a number.
    format = new Intl.NumberFormat(intlLocale(locale), { useGrouping: false, maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format;
}

/**
 * The file's text, byte order mark first. A text cell a spreadsheet would run as a formula (a name typed
 * as "=HYPERLINK(…)") is written as text with a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvFile(locale: Locale, header: readonly string[], rows: readonly CsvCell[][]): string {
  const separator = listSeparator(locale);
  const format = numberFormat(locale);
  const cellText = (cell: CsvCell) =>
    typeof cell === 'number' ? format.format(cell) : cell === null ? '' : neutral(cell);
  const line = (cells: readonly string[]) => cells.map((cell) => quoted(cell, separator)).join(separator);
  const lines = [line(header.map(neutral)), ...rows.map((row) => line(row.map(cellText)))];
  return `\uFEFF${lines.map((text) => `${text}\r\n`).join('')}`;
}

function neutral(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field holding the separator, a quote or a line break is quoted, its quotes doubled. */
function quoted(text: string, separator: string): string {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
