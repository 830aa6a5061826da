// What the guests' calendar entries are made of: the event as it stands and the guests who hold an
// entry (those invited at least once: the invitation's mail carried it).
import type { Db } from '../db/connection.ts';

export type CalendarEvent = {
  id: number;
  labId: number;
  name: string;
  description: string;
  start: Date;
  end: Date;
  timeZone: string;
  organizer: { name: string; email: string } | null;
  /** The lab's default language: a guest with neither an account nor a chosen language reads it. */
  labLocale: string;
  /** The version of the guests' entries (RFC 5545 SEQUENCE): one more with each change they show. */
  sequence: number;
};

export type CalendarGuest = {
  id: number;
  email: string;
  name: string;
  timeZone: string | null;
  /** Their account's language. */
  locale: string | null;
  /** The language they chose on the public event page. */
  chosenLocale: string | null;
  /** Their latest invitation: a personal link is issued on it. */
  invitationId: number;
};

export async function findCalendarEvent(db: Db, eventId: number): Promise<CalendarEvent | undefined> {
  const row = await db
    .selectFrom('events')
    .leftJoin('users', 'users.id', 'events.owner_id')
    .innerJoin('labs', 'labs.id', 'events.lab_id')
    .select([
      'events.id',
      'events.lab_id',
      'events.name',
      'events.description',
      'events.planned_start_date',
      'events.planned_end_date',
      'events.default_timezone',
      'events.calendar_sequence',
      'users.first_name as owner_first_name',
      'users.last_name as owner_last_name',
      'users.email as owner_email',
      'labs.default_locale as lab_locale',
    ])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    labId: row.lab_id,
    name: row.name,
    description: row.description,
    start: row.planned_start_date,
    end: row.planned_end_date,
    timeZone: row.default_timezone,
    labLocale: row.lab_locale,
    sequence: row.calendar_sequence,
    organizer: row.owner_email
      ? {
          name: `${row.owner_first_name ?? ''} ${row.owner_last_name ?? ''}`.trim() || row.owner_email,
          email: row.owner_email,
        }
      : null,
  };
}

/** The event's guests who were invited (all of them, or those of `participantIds`). */
export async function findInvitedGuests(
  db: Db,
  eventId: number,
  participantIds?: readonly number[],
): Promise<CalendarGuest[]> {
  if (participantIds?.length === 0) return [];
  let query = db
    .selectFrom('participants')
    .innerJoin('event_invitations', 'event_invitations.participant_id', 'participants.id')
    .leftJoin('users', 'users.id', 'participants.user_id')
    .select((eb) => [
      'participants.id',
      'participants.email',
      'participants.name',
      'participants.timezone',
      'participants.locale as chosen_locale',
      'users.locale',
      eb.fn.max('event_invitations.id').as('invitation_id'),
    ])
    .where('participants.event_id', '=', eventId)
    .groupBy(['participants.id', 'users.locale'])
    .orderBy('participants.id');
  if (participantIds) query = query.where('participants.id', 'in', participantIds);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    timeZone: row.timezone,
    locale: row.locale,
    chosenLocale: row.chosen_locale,
    // An inner join: every guest here has at least one invitation.
    invitationId: Number(row.invitation_id),
  }));
}

/** The guest a calendar link names, in its event, with what the calendar page shows them. */
export async function findCalendarPageRows(db: Db, eventId: number, participantId: number) {
  const row = await db
    .selectFrom('participants')
    .innerJoin('events', 'events.id', 'participants.event_id')
    .select((eb) => [
      'participants.id',
      'participants.name',
      'participants.email',
      'participants.role',
      'participants.room_id',
      'participants.timezone',
      'participants.lab_id',
      'events.description',
      'events.planned_start_date',
      'events.planned_end_date',
      'events.default_timezone',
      'events.is_public',
      'events.slug',
      'events.end_date',
      // An event admin: the event's owner, or an admin of its lab.
      eb
        .or([
          eb('events.owner_id', '=', eb.ref('participants.user_id')),
          eb.exists(
            eb
              .selectFrom('user_roles')
              .innerJoin('roles', 'roles.id', 'user_roles.role_id')
              .whereRef('user_roles.user_id', '=', 'participants.user_id')
              .where('roles.name', 'in', ['admin', 'super-admin']),
          ),
        ])
        .as('is_event_admin'),
    ])
    .where('participants.id', '=', participantId)
    .where('participants.event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) return undefined;
  const rooms = await db
    .selectFrom('rooms')
    .select(['id', 'name'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
  return { ...row, is_event_admin: row.is_event_admin === true, rooms };
}

export async function setParticipantRoom(db: Db, participantId: number, roomId: number): Promise<void> {
  await db.updateTable('participants').set({ room_id: roomId }).where('id', '=', participantId).execute();
}

/** A change the guests' calendars show: the entries' next version, counted in the change's transaction. */
export async function nextCalendarSequence(db: Db, eventId: number): Promise<number> {
  const row = await db
    .updateTable('events')
    .set((eb) => ({ calendar_sequence: eb('calendar_sequence', '+', 1) }))
    .where('id', '=', eventId)
    .returning('calendar_sequence')
    .executeTakeFirstOrThrow();
  return row.calendar_sequence;
}
