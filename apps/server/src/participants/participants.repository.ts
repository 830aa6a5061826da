// Participations: one per person and event, always read within one lab. Rows are mapped to the API's
// shape here; the Google refresh token never leaves this module.
import { EVENT_ROLES, type EventRole, isAnimator, type ParticipantView } from '@lablive/domain';
import { sql } from 'kysely';
import type { Person } from '../access/caller.ts';
import { isEventRole } from '../access/eventRoles.ts';
import type { Db } from '../db/connection.ts';

const COLUMNS = [
  'id',
  'event_id',
  'lab_id',
  'user_id',
  'room_id',
  'email',
  'name',
  'first_name',
  'last_name',
  'role',
  'job',
  'location',
  'timezone',
  'created_at',
] as const;

type ParticipantColumns = {
  id: number;
  event_id: number;
  lab_id: number;
  user_id: number | null;
  room_id: number | null;
  email: string;
  name: string;
  first_name: string;
  last_name: string;
  role: string;
  job: string | null;
  location: string | null;
  timezone: string | null;
  created_at: Date;
};

export function toParticipantView(row: ParticipantColumns): ParticipantView {
  return {
    ...row,
    role: isEventRole(row.role) ? row.role : 'participant',
    created_at: row.created_at.toISOString(),
  };
}

export async function findParticipantInLab(db: Db, labId: number, participantId: number) {
  const row = await db
    .selectFrom('participants')
    .select(COLUMNS)
    .where('id', '=', participantId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  return row && toParticipantView(row);
}

export async function findParticipantsByEmail(
  db: Db,
  labId: number,
  email: string,
  eventId: number | undefined,
): Promise<ParticipantView[]> {
  const rows = await db
    .selectFrom('participants')
    .select(COLUMNS)
    .where('lab_id', '=', labId)
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .$if(eventId !== undefined, (qb) => qb.where('event_id', '=', eventId ?? 0))
    .orderBy('id')
    .execute();
  return rows.map(toParticipantView);
}

/** Who the caller is, as a person: a guest is their participation; a user is their account's e-mail. */

/** The caller's participation in an event: a guest's own, or a user's by account or by e-mail. */
export async function findOwnParticipation(db: Db, person: Person, eventId: number) {
  const { principal } = person;
  if (principal.kind === 'guest') {
    if (principal.eventId !== eventId) return undefined;
    return findParticipantInLab(db, principal.labId, principal.participantId);
  }
  const row = await db
    .selectFrom('participants')
    .select(COLUMNS)
    .where('event_id', '=', eventId)
    .where('lab_id', '=', principal.labId)
    .where((eb) =>
      eb.or([eb('user_id', '=', principal.userId), eb(sql`lower(email)`, '=', person.email.toLowerCase())]),
    )
    .orderBy('id')
    .executeTakeFirst();
  return row && toParticipantView(row);
}

/** Every participation of the caller in their lab. */
export async function ownParticipationIds(db: Db, person: Person): Promise<number[]> {
  const { principal } = person;
  if (principal.kind === 'guest') return [principal.participantId];
  const rows = await db
    .selectFrom('participants')
    .select('id')
    .where('lab_id', '=', principal.labId)
    .where((eb) =>
      eb.or([eb('user_id', '=', principal.userId), eb(sql`lower(email)`, '=', person.email.toLowerCase())]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** The roles that host a room: what the room's share panel is for (domain roomRoles.ts). */
const HOST_ROLES = EVENT_ROLES.filter(isAnimator);

/**
 * Whether the caller hosts (animator or observer-animator) an event of their lab that is not over: a
 * guest in their own event, a user in any of theirs.
 */
export async function hostsOpenLabEvent(db: Db, person: Person): Promise<boolean> {
  const ids = await ownParticipationIds(db, person);
  if (ids.length === 0) return false;
  const hosting = await db
    .selectFrom('participants')
    .innerJoin('events', 'events.id', 'participants.event_id')
    .select('participants.id')
    .where('participants.id', 'in', ids)
    .where('participants.role', 'in', HOST_ROLES)
    .where('events.end_date', 'is', null)
    .executeTakeFirst();
  return hosting !== undefined;
}

export type NewParticipation = {
  eventId: number;
  labId: number;
  userId: number | null;
  roomId: number | null;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  role: EventRole;
  job: string | null;
  timezone: string | null;
};

/** Creates the participation, or answers the one this person already has in the event. */
export async function createOrFindParticipant(
  db: Db,
  values: NewParticipation,
): Promise<{ participant: ParticipantView; created: boolean }> {
  const inserted = await db
    .insertInto('participants')
    .values({
      event_id: values.eventId,
      lab_id: values.labId,
      user_id: values.userId,
      room_id: values.roomId,
      email: values.email,
      name: values.name,
      first_name: values.firstName,
      last_name: values.lastName,
      role: values.role,
      job: values.job,
      location: null,
      timezone: values.timezone,
      google_refresh_token: null,
    })
    // The unique index on (event_id, lower(email)) settles two registrations of one person at once.
    .onConflict((oc) => oc.doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (inserted) return { participant: toParticipantView(inserted), created: true };
  const [existing] = await findParticipantsByEmail(db, values.labId, values.email, values.eventId);
  if (!existing) throw new Error(`participation of ${values.email} in event ${values.eventId} vanished`);
  return { participant: existing, created: false };
}

export async function updateParticipant(
  db: Db,
  participantId: number,
  change: { room_id: number | null } | { role: EventRole },
): Promise<ParticipantView> {
  const row = await db
    .updateTable('participants')
    .set(change)
    .where('id', '=', participantId)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toParticipantView(row);
}

export async function deleteParticipant(db: Db, labId: number, participantId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('participants')
    .where('id', '=', participantId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** An event's guests, in the order they were added. */
export async function listEventParticipants(db: Db, eventId: number): Promise<ParticipantView[]> {
  const rows = await db
    .selectFrom('participants')
    .select(COLUMNS)
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
  return rows.map(toParticipantView);
}

const UNIQUE_VIOLATION = '23505';

/** A manager's edit of a guest; undefined when the new e-mail is already another guest's of the event. */
export async function updateParticipantFields(
  db: Db,
  participantId: number,
  fields: { name: string; email: string; role: EventRole; room_id: number | null; job: string | null },
): Promise<ParticipantView | undefined> {
  try {
    const row = await db
      .updateTable('participants')
      .set(fields)
      .where('id', '=', participantId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toParticipantView(row);
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return undefined;
    throw error;
  }
}

/** What decides a guest's mail language (mail/guestLocale.ts): their account's, their choice, their lab's. */
export async function findGuestLanguages(db: Db, participantId: number) {
  const row = await db
    .selectFrom('participants')
    .innerJoin('labs', 'labs.id', 'participants.lab_id')
    .leftJoin('users', 'users.id', 'participants.user_id')
    .select(['users.locale as account', 'participants.locale as chosen', 'labs.default_locale as lab'])
    .where('participants.id', '=', participantId)
    .executeTakeFirst();
  return row ?? { account: null, chosen: null, lab: null };
}
