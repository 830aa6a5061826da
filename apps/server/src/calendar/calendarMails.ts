// The guests' calendar entries, kept in step with the event (issue 16, part 4). The invitation's mail
// carries the entry (METHOD:REQUEST); when the event moves or is renamed every invited guest gets an
// update of the same entry (same UID, higher SEQUENCE) with a fresh personal link; when the event is
// cancelled, or a guest is taken off its list, the entry is withdrawn (METHOD:CANCEL). Each mail is
// queued in the transaction of the change (mail/mailOutbox.ts), so it goes out once the change commits.
import { issueInvitationToken } from '../auth/invitations.repository.ts';
import { invitationUrl } from '../auth/personalLink.ts';
import type { Db } from '../db/connection.ts';
import { descriptionText, mailDescription } from '../events/description.ts';
import type { CalendarFacts } from '../events/guestNotices.ts';
import { guestLocale } from '../mail/guestLocale.ts';
import { guestMail, guestMailParams } from '../mail/guestMail.ts';
import type { CalendarPart } from '../mail/mailer.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import { eventMail } from '../mail/mediaTemplates.ts';
import { eventCancelledMail, eventUpdateMail } from '../mail/templates.ts';
import {
  type CalendarEvent,
  type CalendarGuest,
  findCalendarEvent,
  findInvitedGuests,
  nextCalendarSequence,
} from './calendar.repository.ts';
import { calendarFile } from './calendarFile.ts';
import { calendarPageUrl } from './calendarLink.ts';

export type CalendarMailsDeps = {
  mailOutbox: MailOutbox;
  publicUrl: string;
  /** The server's secret the calendar links' keys are made with (calendarLink.ts). */
  secret: string;
  invitationTtlSeconds: number;
  /** Used as the entry's organiser when the event has no owner any more. */
  fallbackOrganizer: { name: string; email: string };
  now: () => Date;
};

export const sameCalendarFacts = (a: CalendarFacts, b: CalendarFacts): boolean =>
  a.name === b.name && a.start.getTime() === b.start.getTime() && a.end.getTime() === b.end.getTime();

export type CalendarMails = ReturnType<typeof createCalendarMails>;

export function createCalendarMails(deps: CalendarMailsDeps) {
  const { mailOutbox, publicUrl } = deps;

  /** The guest's personal link: a fresh single-use sign-in on their latest invitation. */
  async function personalLink(db: Db, guest: CalendarGuest): Promise<string> {
    const token = await issueInvitationToken(db, guest.invitationId, deps.invitationTtlSeconds, deps.now());
    return invitationUrl(publicUrl, token);
  }

  /** The guest's entry for the event as it stands now, at version `sequence`. */
  function entryFor(
    event: CalendarEvent,
    guest: { id: number; email: string; name: string },
    method: 'REQUEST' | 'CANCEL',
    url: string,
    sequence: number,
  ): CalendarPart {
    return calendarFile({
      method,
      eventId: event.id,
      participantId: guest.id,
      sequence,
      summary: event.name,
      description: descriptionText(event.description),
      start: event.start,
      end: event.end,
      organizer: event.organizer ?? deps.fallbackOrganizer,
      attendee: { name: guest.name || guest.email, email: guest.email },
      url,
    });
  }

  async function withdraw(db: Db, event: CalendarEvent, guests: CalendarGuest[], why: 'event' | 'guest') {
    if (guests.length === 0) return;
    const sequence = await nextCalendarSequence(db, event.id);
    for (const guest of guests) {
      const locale = guestLocale({ account: guest.locale, chosen: guest.chosenLocale, lab: event.labLocale });
      const params = guestMailParams(guest, event);
      const mail = await eventMail(db, { eventId: event.id, kind: 'event_cancelled', locale }, params, () =>
        eventCancelledMail(locale, { ...params, why }),
      );
      const queued = guestMail(
        'event_cancelled',
        { guest, event },
        mail,
        `calendar-cancel-${event.id}-${guest.id}-${sequence}`,
        entryFor(event, guest, 'CANCEL', publicUrl, sequence),
      );
      await mailOutbox.send(db, queued.mail, queued.key, queued.about);
    }
  }

  const pageUrl = (eventId: number, participantId: number) =>
    calendarPageUrl(publicUrl, deps.secret, eventId, participantId);

  return {
    /** The guest's calendar page (the link every mail about the event carries). */
    pageUrl,

    /** The entry an invitation's mail carries: the guest's link is its place. */
    async invitationEntry(
      db: Db,
      eventId: number,
      guest: { id: number; email: string; name: string },
      url: string,
    ): Promise<CalendarPart | undefined> {
      const event = await findCalendarEvent(db, eventId);
      return event && entryFor(event, guest, 'REQUEST', url, event.sequence);
    },

    /** The event's calendar facts now (read before a change, to tell whether it moved). */
    facts: (db: Db, eventId: number) => findCalendarEvent(db, eventId),

    /** After a save: every invited guest's entry moves with the event, if what calendars show changed. */
    async eventSaved(db: Db, eventId: number, before: CalendarFacts): Promise<void> {
      const event = await findCalendarEvent(db, eventId);
      if (!event || sameCalendarFacts(before, event)) return;
      const sequence = await nextCalendarSequence(db, eventId);
      for (const guest of await findInvitedGuests(db, eventId)) {
        const url = await personalLink(db, guest);
        const locale = guestLocale({
          account: guest.locale,
          chosen: guest.chosenLocale,
          lab: event.labLocale,
        });
        const params = {
          ...guestMailParams(guest, event),
          url,
          calendarUrl: pageUrl(eventId, guest.id),
          description: mailDescription(event.description),
        };
        const mail = await eventMail(db, { eventId, kind: 'event_update', locale }, params, () =>
          eventUpdateMail(locale, params),
        );
        const queued = guestMail(
          'event_update',
          { guest, event },
          mail,
          `calendar-update-${eventId}-${guest.id}-${sequence}`,
          entryFor(event, guest, 'REQUEST', url, sequence),
        );
        await mailOutbox.send(db, queued.mail, queued.key, queued.about);
      }
    },

    /** Before an event is deleted: every invited guest's entry is withdrawn. */
    async eventCancelled(db: Db, eventId: number): Promise<void> {
      const event = await findCalendarEvent(db, eventId);
      if (event) await withdraw(db, event, await findInvitedGuests(db, eventId), 'event');
    },

    /** Before a guest is removed: their entry is withdrawn (if they were invited). */
    async guestRemoved(db: Db, eventId: number, participantId: number): Promise<void> {
      const event = await findCalendarEvent(db, eventId);
      if (event) await withdraw(db, event, await findInvitedGuests(db, eventId, [participantId]), 'guest');
    },
  };
}
