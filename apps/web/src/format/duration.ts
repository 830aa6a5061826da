// Lengths of time, one way on a page (Intl's units with the page's language): "1 day 2 hrs 5 mins",
// "1 j 2 h 5 min", "1 Tg. 2 Std. 5 Min."; the parts that are not zero, or "0 mins".
import { intlLocale } from './intlLocale.ts';

export type DurationParts = { days: number; hours: number; minutes: number };

export function formatDuration(parts: DurationParts, language: string): string {
  const locale = intlLocale(language);
  const unit = (name: 'day' | 'hour' | 'minute', value: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const words = [
    parts.days > 0 ? unit('day', parts.days) : null,
    parts.hours > 0 ? unit('hour', parts.hours) : null,
    parts.minutes > 0 ? unit('minute', parts.minutes) : null,
  ].filter((word) => word !== null);
  return words.length === 0 ? unit('minute', 0) : words.join(' ');
}
