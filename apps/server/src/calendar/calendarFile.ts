// The calendar file that goes with an invitation, an update or a cancellation (RFC 5545, written by
// ical-generator): one entry per event and guest, so an update moves the guest's entry instead of adding
// a second one and a cancellation removes it. SEQUENCE rises with every change (the event's counted
// calendar_sequence); times are UTC.
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { CalendarPart } from '../mail/mailer.ts';

/** The entry's identity: the same for every mail about this event to this guest. */
export const calendarUid = (eventId: number, participantId: number): string =>
  `lablive-event-${eventId}-guest-${participantId}@lablive`;

export function calendarFile(params: {
  method: 'REQUEST' | 'CANCEL';
  eventId: number;
  participantId: number;
  sequence: number;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The guest's personal link: where the event takes place. */
  url: string;
}): CalendarPart {
  const calendar = ical({ prodId: { company: 'LabLive', product: 'LabLive', language: 'EN' } });
  calendar.method(params.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  calendar.createEvent({
    id: calendarUid(params.eventId, params.participantId),
    sequence: params.sequence,
    start: params.start,
    end: params.end,
    summary: params.summary,
    description: params.description,
    location: params.url,
    url: params.url,
    organizer: params.organizer,
    attendees: [
      {
        name: params.attendee.name,
        email: params.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: true,
      },
    ],
    status: params.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { method: params.method, filename: 'invite.ics', content: calendar.toString() };
}
