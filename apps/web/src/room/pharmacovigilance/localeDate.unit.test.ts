// Birth dates in each locale's own order, turned into the report's format.
import { describe, expect, it } from 'vitest';
import { datePattern, localeDateFormat, parseLocaleDate } from './localeDate.ts';

const today = new Date(2026, 5, 15);

describe('locale birth dates', () => {
  it('writes day first in French and German, month first in English', () => {
    expect(localeDateFormat('fr')).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    expect(localeDateFormat('de')).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(localeDateFormat('en')).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
  });

  it('shows the pattern with the locale letters', () => {
    expect(datePattern(localeDateFormat('fr'), { day: 'JJ', month: 'MM', year: 'AAAA' })).toBe('JJ/MM/AAAA');
    expect(datePattern(localeDateFormat('de'), { day: 'TT', month: 'MM', year: 'JJJJ' })).toBe('TT.MM.JJJJ');
  });

  it('parses the same day typed in each locale', () => {
    expect(parseLocaleDate('03/04/1985', localeDateFormat('fr'), today)).toBe('1985-04-03 00:00:00');
    expect(parseLocaleDate('03.04.1985', localeDateFormat('de'), today)).toBe('1985-04-03 00:00:00');
    expect(parseLocaleDate('04/03/1985', localeDateFormat('en'), today)).toBe('1985-04-03 00:00:00');
    expect(parseLocaleDate(' 3-4-1985 ', localeDateFormat('fr'), today)).toBe('1985-04-03 00:00:00');
  });

  it('refuses days that do not exist, short years, the far past and the future', () => {
    const fr = localeDateFormat('fr');

    expect(parseLocaleDate('31/02/1985', fr, today)).toBeNull();
    expect(parseLocaleDate('29/02/2023', fr, today)).toBeNull();
    expect(parseLocaleDate('29/02/2024', fr, today)).toBe('2024-02-29 00:00:00');
    expect(parseLocaleDate('03/04/85', fr, today)).toBeNull();
    expect(parseLocaleDate('03/04/1899', fr, today)).toBeNull();
    expect(parseLocaleDate('16/06/2026', fr, today)).toBeNull();
    expect(parseLocaleDate('15/06/2026', fr, today)).toBe('2026-06-15 00:00:00');
    expect(parseLocaleDate('1985-04-03', fr, today)).toBeNull();
    expect(parseLocaleDate('', fr, today)).toBeNull();
  });
});
