// One formatter per kind, with the page's language: the same day written one way on a page, sizes and
// lengths in the reader's units, an event's start in its guest's words and time zone.
import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatCalendarMonth,
  formatDay,
  formatLongCalendarDay,
  formatShortCalendarDay,
} from './day.ts';
import { formatDayAndHours, formatDayTime, formatLongDayTime } from './dayTime.ts';
import { formatDuration } from './duration.ts';
import { formatCount, formatDecimal, formatMinutes, formatPercent } from './number.ts';
import { formatSize } from './size.ts';

const instant = '2026-11-21T08:05:00.000Z';
/** Intl separates a number from its unit with a no-break space (narrow in French): read as a space. */
const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('days', () => {
  it('writes a day the way the page language does, day first in English too', () => {
    expect(formatDay(instant, 'fr', 'Europe/Paris')).toBe('21/11/2026');
    expect(formatDay(instant, 'en', 'Europe/Paris')).toBe('21/11/2026');
    expect(formatDay(instant, 'de', 'Europe/Berlin')).toBe('21.11.2026');
  });

  it('keeps a calendar day (a birth date, a chart bucket) whatever the time zone', () => {
    expect(formatCalendarDay('1970-02-03', 'en')).toBe('03/02/1970');
    expect(formatShortCalendarDay('2026-11-01', 'fr')).toBe('01/11');
    expect(formatCalendarMonth('2026-11-01', 'fr', true)).toBe('novembre 2026');
    expect(formatCalendarMonth('2026-11-01', 'en', true)).toBe('November 2026');
  });

  it('writes a chosen day in full, day first in English as the numeric days are', () => {
    expect(formatLongCalendarDay('2026-11-26', 'en')).toBe('Thursday, 26 November 2026');
    expect(formatLongCalendarDay('2026-11-26', 'fr')).toBe('jeudi 26 novembre 2026');
    expect(formatLongCalendarDay('2026-11-26', 'de')).toBe('Donnerstag, 26. November 2026');
  });

  it('tells the day of an instant in the zone asked for', () => {
    expect(formatDay('2026-11-21T23:30:00.000Z', 'fr', 'Europe/Paris')).toBe('22/11/2026');
    expect(formatDay('2026-11-21T23:30:00.000Z', 'fr', 'America/New_York')).toBe('21/11/2026');
  });
});

describe('days and times', () => {
  it('uses the 24-hour clock in every language', () => {
    expect(formatDayTime(instant, 'en', 'Europe/Paris')).toBe('21/11/2026, 09:05');
    expect(formatDayTime(instant, 'de', 'Europe/Berlin')).toBe('21.11.2026, 09:05');
  });

  it('writes an event start in the reader language and time zone', () => {
    expect(plain(formatLongDayTime(instant, 'en', 'Europe/Paris'))).toBe(
      'Saturday, 21 November 2026 at 09:05',
    );
    expect(plain(formatLongDayTime(instant, 'fr', 'Europe/Paris'))).toBe('samedi 21 novembre 2026 à 09:05');
    expect(plain(formatLongDayTime(instant, 'de', 'Europe/Berlin'))).toBe(
      'Samstag, 21. November 2026 um 09:05',
    );
    expect(formatLongDayTime('soon', 'en')).toBeNull();
  });

  it('names the event time zone when it is not the reader one', () => {
    const range = { start: instant, end: '2026-11-21T10:00:00.000Z', timeZone: 'Europe/Paris' };
    expect(formatDayAndHours(range, 'en', 'Europe/Paris')).toBe('21 Nov 2026, 09:05 – 11:00');
    expect(formatDayAndHours(range, 'en', 'Europe/London')).toBe('21 Nov 2026, 09:05 – 11:00 (Europe/Paris)');
  });
});

describe('sizes', () => {
  it('writes sizes in the reader units and decimal mark', () => {
    expect(plain(formatSize(18 * 1024, 'fr'))).toBe('18 ko');
    expect(plain(formatSize(8.1 * 1024, 'fr'))).toBe('8,1 ko');
    expect(plain(formatSize(3.5 * 1024 * 1024, 'fr'))).toBe('3,5 Mo');
    expect(plain(formatSize(8.1 * 1024, 'en'))).toBe('8.1 kB');
    expect(plain(formatSize(8.1 * 1024, 'de'))).toBe('8,1 kB');
    expect(plain(formatSize(5 * 1024 * 1024, 'de'))).toBe('5 MB');
  });

  it('writes bytes out, one or many, in the reader words', () => {
    expect(plain(formatSize(512, 'en'))).toBe('512 bytes');
    expect(plain(formatSize(1, 'en'))).toBe('1 byte');
    expect(plain(formatSize(512, 'fr'))).toBe('512 octets');
    expect(plain(formatSize(1, 'fr'))).toBe('1 octet');
    expect(plain(formatSize(512, 'de'))).toBe('512 Byte');
  });
});

describe('lengths of time', () => {
  it('lists the parts that are not zero, in the reader words', () => {
    expect(plain(formatDuration({ days: 1, hours: 2, minutes: 5 }, 'fr'))).toBe('1 j 2 h 5 min');
    expect(plain(formatDuration({ days: 0, hours: 0, minutes: 45 }, 'en'))).toBe('45 mins');
    expect(plain(formatDuration({ days: 0, hours: 0, minutes: 0 }, 'de'))).toBe('0 Min.');
  });
});

describe('counts, minutes and percentages', () => {
  it('groups digits and writes the percent sign as the reader language does', () => {
    expect(plain(formatCount(12000, 'en'))).toBe('12,000');
    expect(plain(formatCount(12000, 'fr'))).toBe('12 000');
    expect(plain(formatCount(12000, 'de'))).toBe('12.000');
    expect(plain(formatMinutes(12000, 'en'))).toBe('12,000 mins');
    expect(plain(formatMinutes(12000, 'de'))).toBe('12.000 Min.');
    expect(plain(formatPercent(42, 'en'))).toBe('42%');
    expect(plain(formatPercent(42, 'fr'))).toBe('42 %');
    expect(formatDecimal(4.2345, 'fr', 2)).toBe('4,23');
    expect(formatDecimal(4.5, 'en', 1)).toBe('4.5');
  });

  it('writes a share to one decimal at most, with the percent sign where the language puts it', () => {
    expect(plain(formatPercent(100 / 3, 'en', 1))).toBe('33.3%');
    expect(plain(formatPercent(100 / 3, 'fr', 1))).toBe('33,3 %');
    expect(plain(formatPercent(50, 'de', 1))).toBe('50 %');
  });
});
