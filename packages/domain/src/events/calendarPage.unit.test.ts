import { describe, expect, it } from 'vitest';
import { picksRoomOnCalendar } from './calendarPage.ts';

describe('who picks their room on the calendar page', () => {
  it('is the staff of the event, not its participants', () => {
    expect(picksRoomOnCalendar('participant', false)).toBe(false);
    expect(picksRoomOnCalendar('participant', true)).toBe(true);
    expect(picksRoomOnCalendar('animator', false)).toBe(true);
    expect(picksRoomOnCalendar('observer', false)).toBe(true);
    expect(picksRoomOnCalendar('observer-animator', false)).toBe(true);
  });
});
