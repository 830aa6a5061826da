// What a change to an event or its guest list tells the guests by mail, each part absent where it is not
// wanted (tests without a job queue): their reminders, and their calendar entries.
import type { CalendarMails } from '../calendar/calendarMails.ts';
import type { ReminderScheduler } from '../reminders/reminderJobs.ts';

export type GuestNotices = {
  /** The reminders before the event (they need the job queue). */
  reminders?: ReminderScheduler | undefined;
  /** The calendar entries' updates and withdrawals. */
  calendar?: CalendarMails | undefined;
};
