// The guests and their events as the mails sent from a job read them again (a reminder, a fresh personal
// link): by ids, a statement for the events and one for the guests however many mails go, and put in the
// terms of a guest's mail (guestMail.ts) and its language (guestLocale.ts).
import type { Locale } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { guestLocale } from './guestLocale.ts';
import type { MailEvent, MailGuest } from './guestMail.ts';

/** The events (at least one), by id, as their guests' mails need them (the lab's language included). */
export async function mailEventsOf(db: Db, eventIds: readonly number[]) {
  const rows = await db
    .selectFrom('events')
    .innerJoin('labs', 'labs.id', 'events.lab_id')
    .select([
      'events.id',
      'events.name',
      'events.planned_start_date',
      'events.default_timezone',
      'events.description',
      'events.end_date',
      'events.email_relaunch_j7',
      'events.email_relaunch_j1',
      'events.email_relaunch_h1',
      'events.lab_id',
      'labs.default_locale as lab_locale',
    ])
    .where('events.id', 'in', eventIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        planned_start_date: row.planned_start_date.toISOString(),
        email_relaunch_J7: row.email_relaunch_j7,
        email_relaunch_J1: row.email_relaunch_j1,
      },
    ]),
  );
}

/** The guests (at least one), by id, with their user's language when they have an account. */
export async function mailGuestsOf(db: Db, participantIds: readonly number[]) {
  const rows = await db
    .selectFrom('participants')
    .leftJoin('users', 'users.id', 'participants.user_id')
    .select([
      'participants.id',
      'participants.event_id',
      'participants.email',
      'participants.name',
      'participants.timezone',
      'participants.locale as chosen_locale',
      'users.locale',
    ])
    .where('participants.id', 'in', participantIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

type EventRow = NonNullable<ReturnType<Awaited<ReturnType<typeof mailEventsOf>>['get']>>;
type GuestRow = NonNullable<ReturnType<Awaited<ReturnType<typeof mailGuestsOf>>['get']>>;

/** The guest and the event as their mail names them. */
export function mailAddressee(guest: GuestRow, event: EventRow): { guest: MailGuest; event: MailEvent } {
  return {
    guest: { ...guest, timeZone: guest.timezone },
    event: {
      id: event.id,
      labId: event.lab_id,
      name: event.name,
      start: new Date(event.planned_start_date),
      timeZone: event.default_timezone,
    },
  };
}

/** The language of the guest's mail: their account's, the one they chose, or their lab's. */
export const mailLanguageOf = (guest: GuestRow, event: EventRow): Locale =>
  guestLocale({ account: guest.locale, chosen: guest.chosen_locale, lab: event.lab_locale });
