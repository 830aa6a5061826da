// The events a caller may see, by the domain's one rule (canSeeEvent), always within the caller's lab.
// Every route and socket call that takes an event or room id goes through here before acting on it.
import { canSeeEvent, type Principal } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** An event of the caller's lab that the caller may see; undefined otherwise (answered as absent). */
export async function findVisibleEvent(db: Db, principal: Principal, eventId: number) {
  if (principal.kind === 'guest' && principal.eventId !== eventId) return undefined;
  const event = await db
    .selectFrom('events')
    .select([
      'id',
      'lab_id',
      'name',
      'active',
      'planned_start_date',
      'default_timezone',
      'owner_id',
      'is_public',
      'end_date',
      'auto_dispatcher',
    ])
    .where('id', '=', eventId)
    .where('lab_id', '=', principal.labId)
    .executeTakeFirst();
  if (!event) return undefined;
  const facts = { eventId: event.id, ownerId: event.owner_id, isPublic: event.is_public, takesPart: false };
  if (canSeeEvent(principal, facts)) return event;
  // Only asked when it decides: a user who neither owns the event nor finds it public.
  const takesPart = principal.kind === 'user' && (await userTakesPart(db, principal.userId, event.id));
  return canSeeEvent(principal, { ...facts, takesPart }) ? event : undefined;
}

/** A participation of the user in the event, by account or by the account's e-mail. */
async function userTakesPart(db: Db, userId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('participants')
    .innerJoin('users', (join) => join.on('users.id', '=', userId))
    .select('participants.id')
    .where('participants.event_id', '=', eventId)
    .where((eb) =>
      eb.or([
        eb('participants.user_id', '=', userId),
        eb(sql`lower(participants.email)`, '=', sql`lower(users.email)`),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** A room of an event the caller may see (within the caller's lab); undefined otherwise. */
export async function findVisibleRoom(db: Db, principal: Principal, roomId: number) {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'event_id'])
    .where('id', '=', roomId)
    .where('lab_id', '=', principal.labId)
    .executeTakeFirst();
  return room && (await findVisibleEvent(db, principal, room.event_id)) ? room : undefined;
}
