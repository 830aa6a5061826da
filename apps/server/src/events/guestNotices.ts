// What a change to an event or its guest list tells the guests by mail, each part absent where it is not
// wanted (tests without a job queue): their reminders, their calendar entries, and after a close their
// attendance certificates. Declared here, where the event and guest-list services call them, and
// implemented by reminders/reminderJobs.ts, calendar/calendarMails.ts and
// certificates/certificateIssuance.ts, so the services never import the mail side (and it may import them).
import type { Db } from '../db/connection.ts';

/** The reminders before the event (they need the job queue). */
export type ReminderScheduler = {
  /** Every guest's reminders for the event as it now stands (within `db`, the change's transaction). */
  scheduleEvent(db: Db, eventId: number): Promise<void>;
  /** One guest's reminders (a guest just added). */
  scheduleGuest(db: Db, participantId: number): Promise<void>;
  /** Removes every guest's pending reminders for the event as it stands (before a change, a cancel, a close). */
  unscheduleEvent(db: Db, eventId: number): Promise<void>;
  /** Removes one guest's pending reminders (before the guest is removed). */
  unscheduleGuest(db: Db, participantId: number): Promise<void>;
};

/** What of an event its guests' calendars show: a change to any of it is an update. */
export type CalendarFacts = { name: string; start: Date; end: Date };

/** The calendar entries' updates and withdrawals. */
export type CalendarNotices = {
  /** The event's calendar facts now (read before a change, to tell whether it moved). */
  facts(db: Db, eventId: number): Promise<CalendarFacts | undefined>;
  /** After a save: every invited guest's entry moves with the event, if what calendars show changed. */
  eventSaved(db: Db, eventId: number, before: CalendarFacts): Promise<void>;
  /** Before an event is deleted: every invited guest's entry is withdrawn. */
  eventCancelled(db: Db, eventId: number): Promise<void>;
  /** Before a guest is removed: their entry is withdrawn (if they were invited). */
  guestRemoved(db: Db, eventId: number, participantId: number): Promise<void>;
};

/** The attendance certificates of an event (they need the job queue): issued once it has closed. */
export type CertificateNotices = {
  /** Within the close's transaction: the event's certificates are issued (and mailed) once it commits. */
  eventClosed(db: Db, eventId: number): Promise<void>;
};

export type GuestNotices = {
  reminders?: ReminderScheduler | undefined;
  calendar?: CalendarNotices | undefined;
  certificates?: CertificateNotices | undefined;
};
