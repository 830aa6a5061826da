// The mail to a guest about their event: the invitation, a calendar entry's update or withdrawal, a
// reminder, a fresh personal link. Composed here once, so every one says the same of the event (the
// guest's name, the event's name and start on the guest's clock, their personal link and calendar page)
// and is handed over the same way (to the guest, with their calendar entry when there is one, logged
// against the guest and the event). Which words, and in which language, stay with each caller.
import type { CalendarPart } from './mailer.ts';
import type { QueuedMail } from './mailOutbox.ts';
import type { RenderedMail } from './templates.ts';

export type GuestMailKind =
  | 'invitation'
  | 'event_update'
  | 'event_cancelled'
  | 'reminder'
  | 'personal_link'
  | 'certificate'
  | 'registration';

/** The guest as a mail about their event needs them. */
export type MailGuest = { id: number; email: string; name: string; timeZone: string | null };

/** The event as a mail to one of its guests needs it. */
export type MailEvent = { id: number; labId: number; name: string; start: Date; timeZone: string };

/**
 * What the mail says of the event to this guest: their name, its name and start on their clock. Their
 * links (personal link, calendar page) are spread beside it where the mail carries them.
 */
export function guestMailParams(guest: MailGuest, event: MailEvent) {
  return {
    name: guest.name || guest.email,
    eventName: event.name,
    startsAt: event.start,
    timeZone: guest.timeZone ?? event.timeZone,
  };
}

/** The mail as the outbox takes it: to the guest, their calendar entry attached when there is one. */
export function guestMail(
  kind: GuestMailKind,
  to: { guest: MailGuest; event: MailEvent },
  rendered: RenderedMail,
  key: string,
  icalEvent?: CalendarPart,
): QueuedMail {
  const { guest, event } = to;
  return {
    mail: { to: guest.email, ...rendered, ...(icalEvent ? { icalEvent } : {}) },
    key,
    about: { kind, labId: event.labId, eventId: event.id, participantId: guest.id },
  };
}
