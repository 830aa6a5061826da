// The formatters of the page's language, for components: `const format = useFormat()`, then
// `format.day(iso)`, `format.size(bytes)`... Each kind has its own module (day, dayTime, size,
// duration, number) built on Intl; this only binds them to the language the reader chose.
import { useMemo } from 'react';
import { useLocale } from '../i18n/useLocale.ts';
import { formatCalendarDay, formatDay, formatLongCalendarDay } from './day.ts';
import { dayTimeFormat, formatDayAndHours, formatDayTime, formatLongDayTime, timeFormat } from './dayTime.ts';
import { type DurationParts, formatDuration } from './duration.ts';
import { formatCount, formatDecimal, formatMinutes, formatPercent } from './number.ts';
import { formatSize } from './size.ts';

export type Format = ReturnType<typeof useFormat>;

export function useFormat() {
  const language = useLocale();
  return useMemo(
    () => ({
      language,
      day: (instant: string | Date, timeZone?: string) => formatDay(instant, language, timeZone),
      calendarDay: (day: string) => formatCalendarDay(day, language),
      longCalendarDay: (day: string) => formatLongCalendarDay(day, language),
      dayTime: (instant: string | Date, timeZone?: string) => formatDayTime(instant, language, timeZone),
      dayTimeFormat: (timeZone?: string) => dayTimeFormat(language, timeZone),
      longDayTime: (instant: string | Date, timeZone?: string) =>
        formatLongDayTime(instant, language, timeZone),
      timeFormat: (timeZone?: string) => timeFormat(language, timeZone),
      dayAndHours: (range: { start: string; end: string; timeZone?: string | undefined }) =>
        formatDayAndHours(range, language),
      size: (bytes: number) => formatSize(bytes, language),
      duration: (parts: DurationParts) => formatDuration(parts, language),
      count: (value: number) => formatCount(value, language),
      decimal: (value: number, digits: number) => formatDecimal(value, language, digits),
      minutes: (minutes: number) => formatMinutes(minutes, language),
      percent: (percent: number, digits?: number) => formatPercent(percent, language, digits),
    }),
    [language],
  );
}
