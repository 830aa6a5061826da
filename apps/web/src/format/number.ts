// Counts, minutes and percentages, one way on a page (Intl with the page's language): "12,000" and "42%"
// in English, "12 000" and "42 %" in French, "12.000" and "42 %" in German; minutes as Intl's unit
// ("12,000 mins", "12 000 min", "12.000 Min.").
import { intlLocale } from './intlLocale.ts';

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 }).format(value);
}

export function formatMinutes(minutes: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(minutes);
}

/** A measure with its decimals (a contrast ratio: 4.23, 4,23). */
export function formatDecimal(value: number, language: string, digits: number): string {
  return new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** `percent` in percent (42 for 42 %), whole or to at most `digits` decimals ("33.3%", "33,3 %"). */
export function formatPercent(percent: number, language: string, digits = 0): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'percent',
    maximumFractionDigits: digits,
  }).format(percent / 100);
}
