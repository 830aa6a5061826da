// The reminders of an event (back-office spec, section 2.3: 7 days, 1 day and 1 hour before), each at
// its instant in the event's time zone: "7 days before 14:00" is 14:00 on that day's wall clock, summer
// time or not. A reminder whose instant has passed is not sent.
import { TZDate } from '@date-fns/tz';

export const REMINDER_KINDS = ['j7', 'j1', 'h1'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export type RemindedEvent = {
  planned_start_date: string;
  default_timezone: string;
  email_relaunch_J7: boolean;
  email_relaunch_J1: boolean;
  email_relaunch_h1: boolean;
};

const FLAG: Record<ReminderKind, keyof RemindedEvent> = {
  j7: 'email_relaunch_J7',
  j1: 'email_relaunch_J1',
  h1: 'email_relaunch_h1',
};

/** When the reminder of `kind` is due for this event. */
export function reminderInstant(event: RemindedEvent, kind: ReminderKind): Date {
  const start = new TZDate(Date.parse(event.planned_start_date), event.default_timezone);
  if (kind === 'h1') return new Date(start.getTime() - 3600_000);
  const due = new TZDate(start.getTime(), event.default_timezone);
  due.setDate(due.getDate() - (kind === 'j7' ? 7 : 1));
  return new Date(due.getTime());
}

/** The reminders the event asks for that are still ahead of `now`. */
export function dueReminders(event: RemindedEvent, now: Date): { kind: ReminderKind; at: Date }[] {
  return REMINDER_KINDS.filter((kind) => event[FLAG[kind]] === true)
    .map((kind) => ({ kind, at: reminderInstant(event, kind) }))
    .filter((reminder) => reminder.at.getTime() > now.getTime());
}

/** Whether the event still asks for the reminder of `kind`. */
export const wantsReminder = (event: RemindedEvent, kind: ReminderKind): boolean =>
  event[FLAG[kind]] === true;
