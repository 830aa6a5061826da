import { describe, expect, it } from 'vitest';
import { compareCurrentEvents, eventCategory, isOverdue } from './eventCategory.ts';

const now = new Date('2026-11-24T12:00:00Z');
const event = (
  over: Partial<{ active: boolean; end_date: string | null; planned_end_date: string }> = {},
) => ({
  active: false,
  end_date: null,
  planned_end_date: '2026-11-30T18:00:00Z',
  planned_start_date: '2026-11-30T09:00:00Z',
  ...over,
});

describe('eventCategory', () => {
  it('puts a running event in current, whatever its dates', () => {
    expect(eventCategory(event({ active: true }), now)).toBe('current');
    expect(eventCategory(event({ active: true, planned_end_date: '2026-11-01T00:00:00Z' }), now)).toBe(
      'current',
    );
  });

  it('puts an event that is not running and not closed in planned while its planned end is ahead', () => {
    expect(eventCategory(event(), now)).toBe('planned');
    expect(isOverdue(event(), now)).toBe(false);
  });

  it('keeps an event whose planned end passed without being closed in current, as overdue', () => {
    const overdue = event({ planned_end_date: '2026-11-24T11:59:59Z' });
    expect(eventCategory(overdue, now)).toBe('current');
    expect(isOverdue(overdue, now)).toBe(true);
    // The boundary: ending exactly now is no longer ahead.
    expect(eventCategory(event({ planned_end_date: now.toISOString() }), now)).toBe('current');
  });

  it('puts a closed event in closed, even one closed before its planned end', () => {
    expect(eventCategory(event({ end_date: '2026-11-24T10:00:00Z' }), now)).toBe('closed');
    expect(
      isOverdue(event({ end_date: '2026-11-24T10:00:00Z', planned_end_date: '2026-11-01T00:00:00Z' }), now),
    ).toBe(false);
  });

  it('reads dates as instants: an event planned in another time zone ends when it ends', () => {
    // 20:00 in Tokyo is 11:00 UTC: over by noon UTC.
    expect(eventCategory(event({ planned_end_date: '2026-11-24T20:00:00+09:00' }), now)).toBe('current');
    // 08:00 in New York is 13:00 UTC: still ahead at noon UTC.
    expect(eventCategory(event({ planned_end_date: '2026-11-24T08:00:00-05:00' }), now)).toBe('planned');
  });

  it('sorts the current section running events first, then by planned start', () => {
    const running = { ...event({ active: true }), planned_start_date: '2026-11-24T15:00:00Z' };
    const overdue = {
      ...event({ planned_end_date: '2026-11-20T00:00:00Z' }),
      planned_start_date: '2026-11-19T09:00:00Z',
    };
    const earlierRunning = { ...event({ active: true }), planned_start_date: '2026-11-24T08:00:00Z' };
    expect([overdue, running, earlierRunning].sort(compareCurrentEvents)).toEqual([
      earlierRunning,
      running,
      overdue,
    ]);
  });
});
