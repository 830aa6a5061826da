// The calendar page's calls (back-office spec 2.13, issue 16): the guest a calendar link names sees
// their event, downloads its calendar file, goes to the event with a fresh personal link, and (the
// event's staff) picks their room. The link's key (calendarLink.ts) is checked first, every time.
import {
  type CalendarLink,
  type CalendarPage,
  type CalendarRoomRequest,
  DomainError,
  forbidden,
  invalid,
  picksRoomOnCalendar,
} from '@lablive/domain';
import { isEventRole } from '../access/eventRoles.ts';
import { personalLink } from '../auth/personalLink.ts';
import type { Db } from '../db/connection.ts';
import { findEventCard } from '../events/events.repository.ts';
import { createLinkLimiter, JOIN_PER_CALENDAR_LINK } from '../limits/linkLimits.ts';
import type { CalendarPart } from '../mail/mailer.ts';
import { findCalendarPageRows, setParticipantRoom } from './calendar.repository.ts';
import { isCalendarKey } from './calendarLink.ts';
import type { CalendarMails } from './calendarMails.ts';

export const INVALID_CALENDAR_LINK = 'This calendar link is not valid: open the one in your mail.';

export type CalendarPageDeps = {
  db: Db;
  /** The server's secret the links' keys are made with. */
  secret: string;
  publicUrl: string;
  invitationTtlSeconds: number;
  now: () => Date;
  calendar: CalendarMails;
};

export type CalendarPageService = ReturnType<typeof createCalendarPageService>;

export function createCalendarPageService(deps: CalendarPageDeps) {
  const { db } = deps;
  // The calendar file and "Go to the event" each hand out a sign-in link: a calendar link gets only so
  // many (counted once its key is checked, so nobody without the key uses up the guest's allowance).
  const joinsPerLink = createLinkLimiter(JOIN_PER_CALENDAR_LINK, () => deps.now().getTime());

  /** The link's guest and event, once its key is checked. */
  async function verified(link: CalendarLink) {
    if (!isCalendarKey(deps.secret, link.event, link.participant, link.key)) {
      throw forbidden(INVALID_CALENDAR_LINK);
    }
    const rows = await findCalendarPageRows(db, link.event, link.participant);
    // A valid key whose guest is gone: removed from the event, or the event cancelled.
    if (!rows) throw new DomainError('not_found', 'This guest is no longer invited to this event.');
    return rows;
  }

  return {
    async page(link: CalendarLink): Promise<CalendarPage> {
      const rows = await verified(link);
      const card = await findEventCard(db, { id: link.event, labId: rows.lab_id });
      if (!card) throw new DomainError('not_found', 'This event no longer exists.');
      const role = isEventRole(rows.role) ? rows.role : 'participant';
      return {
        participant: {
          id: rows.id,
          name: rows.name || rows.email,
          role,
          room_id: rows.room_id,
          timezone: rows.timezone,
        },
        event: {
          ...card,
          description: rows.description,
          planned_start_date: rows.planned_start_date.toISOString(),
          planned_end_date: rows.planned_end_date.toISOString(),
          default_timezone: rows.default_timezone,
          ended: rows.end_date !== null,
        },
        rooms: picksRoomOnCalendar(role, rows.is_event_admin) ? rows.rooms : [],
        publicLink: rows.is_event_admin && rows.is_public ? `${deps.publicUrl}/${rows.slug}` : null,
      };
    },

    /**
     * The guest's calendar file: the entry of their mails (same UID), with a fresh personal link; counted
     * with the ways in (`personalLink`).
     */
    async file(link: CalendarLink): Promise<CalendarPart & { slug: string }> {
      const rows = await verified(link);
      if (rows.end_date !== null) throw new DomainError('conflict', 'This event has ended.');
      joinsPerLink.take(`${rows.id}`);
      const url = await personalLink(db, deps, rows.id);
      const entry = await deps.calendar.invitationEntry(db, link.event, rows, url);
      if (!entry) throw new DomainError('not_found', 'This event no longer exists.');
      return { ...entry, slug: rows.slug };
    },

    /**
     * A fresh single-use sign-in for the guest (their mails' links are single-use too), while the event
     * is not over; only so many a link (429 past them).
     */
    async personalLink(link: CalendarLink): Promise<string> {
      const rows = await verified(link);
      if (rows.end_date !== null) throw new DomainError('conflict', 'This event has ended.');
      joinsPerLink.take(`${rows.id}`);
      return personalLink(db, deps, rows.id);
    },

    async chooseRoom(request: CalendarRoomRequest): Promise<void> {
      const rows = await verified(request);
      const role = isEventRole(rows.role) ? rows.role : 'participant';
      if (!picksRoomOnCalendar(role, rows.is_event_admin)) {
        throw forbidden('Participants are placed by the organisers.');
      }
      if (rows.end_date !== null) throw new DomainError('conflict', 'This event has ended.');
      if (!rows.rooms.some((room) => room.id === request.room_id)) {
        throw invalid('room_id', `no room ${request.room_id} in this event.`);
      }
      await setParticipantRoom(db, rows.id, request.room_id);
    },
  };
}
