// Reminder mails as jobs (issue 16): one per guest and reminder the event asks for, due at its instant
// in the event's time zone (domain reminders.ts), enqueued with the change that calls for it (an event
// saved, a guest added). A job carries the planned start it was made for; when it runs it reads the
// event again and sends nothing if the event moved, was closed or cancelled, dropped that reminder, or
// the guest is gone: a stale job never mails an old date. A change removes the jobs of the event as it
// stood (unschedule) and schedules those of the event as it now stands, in the same transaction; a
// cancelled or closed event, or a removed guest, keeps none.
import { createHash } from 'node:crypto';
import { dueReminders, REMINDER_KINDS, type ReminderKind, wantsReminder } from '@lablive/domain';
import { personalLinks } from '../auth/personalLink.ts';
import type { Db } from '../db/connection.ts';
import { mailDescription } from '../events/description.ts';
import type { ReminderScheduler } from '../events/guestNotices.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import { guestMail, guestMailParams } from '../mail/guestMail.ts';
import { mailAddressee, mailEventsOf, mailGuestsOf, mailLanguageOf } from '../mail/guestsAndEvents.ts';
import { MAIL_RETRIES, type MailOutbox } from '../mail/mailOutbox.ts';
import { eventMailFrom, findMediaTemplates, mediaTemplateKey } from '../mail/mediaTemplates.ts';
import { reminderMail } from '../mail/templates.ts';

export const REMINDER_QUEUE = 'reminder-send';

type ReminderJob = { participantId: number; eventId: number; kind: ReminderKind; plannedStart: string };

/** The job of a guest's reminder for an event starting at `plannedStart`: one id, one job. */
const reminderJobId = (participantId: number, kind: ReminderKind, plannedStart: string) =>
  uuidOf(`${participantId}:${kind}:${plannedStart}`);

const uuidOf = (key: string) => {
  const hex = createHash('sha256').update(`lablive-reminder:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

async function eventOf(db: Db, eventId: number) {
  return (await mailEventsOf(db, [eventId])).get(eventId);
}

export async function createReminderScheduler(deps: {
  db: Db;
  queue: JobQueue;
  mailOutbox: MailOutbox;
  publicUrl: string;
  invitationTtlSeconds: number;
  /** The guest's calendar page, linked from the reminder (calendar/calendarLink.ts). */
  calendarPageUrl: (eventId: number, participantId: number) => string;
  now: () => Date;
}): Promise<ReminderScheduler> {
  const { queue } = deps;

  async function schedule(db: Db, eventId: number, participantIds: readonly number[]) {
    const event = await eventOf(db, eventId);
    if (!event || event.end_date !== null) return;
    for (const { kind, at } of dueReminders(event, deps.now())) {
      for (const participantId of participantIds) {
        const job: ReminderJob = { participantId, eventId, kind, plannedStart: event.planned_start_date };
        await queue.enqueue(db, REMINDER_QUEUE, job, {
          id: reminderJobId(participantId, kind, event.planned_start_date),
          startAfter: at,
        });
      }
    }
  }

  /** Every reminder job the event as it stands may have for these guests, due or not, wanted or not. */
  async function unschedule(db: Db, eventId: number, participantIds: readonly number[]) {
    const event = await eventOf(db, eventId);
    if (!event) return;
    const ids = participantIds.flatMap((participantId) =>
      REMINDER_KINDS.map((kind) => reminderJobId(participantId, kind, event.planned_start_date)),
    );
    await queue.remove(db, REMINDER_QUEUE, ids);
  }

  const guestIdsOf = async (db: Db, eventId: number) =>
    (await db.selectFrom('participants').select('id').where('event_id', '=', eventId).execute()).map(
      (guest) => guest.id,
    );

  // A burst of reminders (a popular event's hour) is handled a batch at a time: a few statements read the
  // batch's events and guests and issue their links, where one reminder at a time took a dozen. The
  // reminder's job is its mail's job: retried as a mail is (MAIL_RETRIES), it sends the mail itself
  // rather than queueing a second job (docs/performance.md, "Reminders").
  await queue.defineBatch<ReminderJob>(REMINDER_QUEUE, MAIL_RETRIES, async (jobs) => {
    const events = await mailEventsOf(deps.db, [...new Set(jobs.map((job) => job.data.eventId))]);
    const guests = await mailGuestsOf(deps.db, [...new Set(jobs.map((job) => job.data.participantId))]);
    const due = jobs.flatMap((attempt) => {
      const job = attempt.data;
      const event = events.get(job.eventId);
      // Moved, closed, cancelled or no longer wanted, or the guest is gone: this job is stale.
      if (!event || event.end_date !== null || event.planned_start_date !== job.plannedStart) return [];
      if (!wantsReminder(event, job.kind)) return [];
      const guest = guests.get(job.participantId);
      if (!guest || guest.event_id !== job.eventId) return [];
      return [
        {
          attempt,
          job,
          event,
          guest,
          language: mailLanguageOf(guest, event),
        },
      ];
    });
    // Each reminder's personal link, issued now (a fresh single-use sign-in on the guest's latest
    // invitation), and committed before any mail carrying one leaves.
    const links = await personalLinks(
      deps.db,
      deps,
      due.map(({ guest }) => guest.id),
    );
    const templates = await findMediaTemplates(
      deps.db,
      [...new Set(due.map(({ event }) => event.id))],
      'reminder',
    );
    const jobOfKey = new Map<string, string>();
    const failed = await deps.mailOutbox.sendFromJob(
      due.map(({ attempt, job, event, guest, language }, index) => {
        const to = mailAddressee(guest, event);
        const params = {
          ...guestMailParams(to.guest, to.event),
          url: links[index] ?? deps.publicUrl,
          calendarUrl: deps.calendarPageUrl(event.id, guest.id),
        };
        const mail = eventMailFrom(
          templates.get(mediaTemplateKey(event.id, language)),
          language,
          params,
          () =>
            reminderMail(language, {
              ...params,
              kind: job.kind,
              description: mailDescription(event.description),
            }),
        );
        const queued = guestMail(
          'reminder',
          to,
          mail,
          `reminder-${guest.id}-${job.kind}-${job.plannedStart}`,
        );
        jobOfKey.set(queued.key, attempt.id);
        return { ...queued, attempt };
      }),
    );
    return { failed: [...failed].map(([key, error]) => ({ id: jobOfKey.get(key) as string, error })) };
  });

  return {
    async scheduleEvent(db, eventId) {
      await schedule(db, eventId, await guestIdsOf(db, eventId));
    },
    async unscheduleEvent(db, eventId) {
      await unschedule(db, eventId, await guestIdsOf(db, eventId));
    },
    async unscheduleGuest(db, participantId) {
      const guest = await db
        .selectFrom('participants')
        .select(['id', 'event_id'])
        .where('id', '=', participantId)
        .executeTakeFirst();
      if (guest) await unschedule(db, guest.event_id, [guest.id]);
    },
    async scheduleGuest(db, participantId) {
      const guest = await db
        .selectFrom('participants')
        .select(['id', 'event_id'])
        .where('id', '=', participantId)
        .executeTakeFirst();
      if (guest) await schedule(db, guest.event_id, [guest.id]);
    },
  };
}
