import { describe, expect, it } from 'vitest';
import { dueReminders, reminderInstant } from './reminders.ts';

const event = {
  planned_start_date: '2026-11-03T13:00:00.000Z', // 14:00 in Paris (winter time)
  default_timezone: 'Europe/Paris',
  email_relaunch_J7: true,
  email_relaunch_J1: true,
  email_relaunch_h1: true,
};

describe('reminders', () => {
  it('falls 7 days, 1 day and 1 hour before, on the wall clock of the event across a change of time', () => {
    // 14:00 in Paris on 29 October (winter time); 7 days before is 22 October, still summer time:
    // 14:00 there is 12:00 UTC, not 13:00.
    const acrossTheChange = { ...event, planned_start_date: '2026-10-29T13:00:00.000Z' };
    expect(reminderInstant(acrossTheChange, 'j7').toISOString()).toBe('2026-10-22T12:00:00.000Z');
    expect(reminderInstant(acrossTheChange, 'j1').toISOString()).toBe('2026-10-28T13:00:00.000Z');
    expect(reminderInstant(acrossTheChange, 'h1').toISOString()).toBe('2026-10-29T12:00:00.000Z');
  });

  it('keeps only the reminders asked for and still ahead', () => {
    const now = new Date('2026-11-02T20:00:00.000Z');
    expect(dueReminders(event, now).map((reminder) => reminder.kind)).toEqual(['h1']);
    expect(dueReminders({ ...event, email_relaunch_h1: false }, now)).toEqual([]);
    expect(dueReminders(event, new Date('2026-10-01T00:00:00.000Z')).map((r) => r.kind)).toEqual([
      'j7',
      'j1',
      'h1',
    ]);
  });
});
