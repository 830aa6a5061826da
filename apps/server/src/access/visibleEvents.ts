// The events a caller may see, by the domain's one rule (canSeeEvent), always within the caller's lab.
// Every route and socket call that takes an event or room id goes through here before acting on it.
import { canChangeEvent, canSeeEvent, type Principal, seesOnlyOwnEvents } from '@lablive/domain';
import { type RawBuilder, sql } from 'kysely';
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

/**
 * Whether a user takes part in an event: by their account, or by their account's e-mail address, which
 * is always one its owner proved (it becomes an account's only through a link mailed to it: the
 * set-password link at creation, the confirmation link on a change; userService.ts).
 */
function takesPartCondition(userId: number, eventIdColumn: RawBuilder<unknown>) {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM participants tp JOIN users tu ON tu.id = ${userId}
    WHERE tp.event_id = ${eventIdColumn}
      AND (tp.user_id = ${userId} OR lower(tp.email) = lower(tu.email)))`;
}

async function userTakesPart(db: Db, userId: number, eventId: number): Promise<boolean> {
  const { rows } = await sql<{ takes_part: boolean }>`
    SELECT ${takesPartCondition(userId, sql`${eventId}::bigint`)} AS takes_part`.execute(db);
  return rows[0]?.takes_part === true;
}

/**
 * canSeeEvent as SQL, for queries over many events (the statistics' lists and totals): a condition on
 * the events row aliased `alias`, true for every event of the lab the principal may see. The lab itself
 * is the query's own filter.
 */
export function visibleEventCondition(principal: Principal, alias: string): RawBuilder<boolean> {
  const id = sql.ref(`${alias}.id`);
  if (principal.kind === 'guest') return sql<boolean>`${id} = ${principal.eventId}`;
  if (!seesOnlyOwnEvents(principal)) return sql<boolean>`true`;
  return sql<boolean>`(${sql.ref(`${alias}.owner_id`)} = ${principal.userId} OR ${sql.ref(`${alias}.is_public`)}
    OR ${takesPartCondition(principal.userId, id)})`;
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

/**
 * Of `eventIds`, those of the caller's lab whose guests the caller manages (canChangeEvent: a holder of
 * manage events, and for a user whose only role is `user`, an event they own). Guest lists, invitations
 * and mail logs name people: seeing a public event is not managing it.
 */
export async function eventsManagedBy(
  db: Db,
  principal: Principal,
  eventIds: readonly number[],
): Promise<Set<number>> {
  if (eventIds.length === 0) return new Set();
  const events = await db
    .selectFrom('events')
    .select(['id', 'owner_id'])
    .where('lab_id', '=', principal.labId)
    .where('id', 'in', [...new Set(eventIds)])
    .execute();
  return new Set(
    events.filter((event) => canChangeEvent(principal, { ownerId: event.owner_id })).map((e) => e.id),
  );
}
