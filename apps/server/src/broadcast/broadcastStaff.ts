// Who may broadcast to every room of an event: staff who run it, that is an animator of the event (by
// their participation, guest or account) or a member of the back office who may change it (manage events,
// within their lab, owning it when they only see their own). The event must be one the caller sees and
// running. Answers who they are in each room's log, and the rooms to send to.
import {
  backOfficeActor,
  canChangeEvent,
  conflict,
  forbidden,
  isAnimator,
  notFound,
  type RoomActor,
} from '@lablive/domain';
import { sql } from 'kysely';
import type { Caller } from '../access/caller.ts';
import { isEventRole } from '../access/eventRoles.ts';
import { findVisibleEvent } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';

export type BroadcastRoom = { id: number; name: string };
export type RunningEvent = { id: number; labId: number; rooms: readonly BroadcastRoom[] };

export const NOT_EVENT_STAFF = 'Only the staff who run this event can broadcast to its rooms.';

/** The caller's participation in the event as an animator, if they hold one. */
async function animatorParticipation(db: Db, caller: Caller, eventId: number) {
  const { principal } = caller;
  const query = db
    .selectFrom('participants')
    .select(['id', 'user_id', 'role', 'name', 'email'])
    .where('event_id', '=', eventId);
  const row =
    principal.kind === 'guest'
      ? await query.where('id', '=', principal.participantId).executeTakeFirst()
      : await query
          .where((eb) =>
            eb.or([
              eb('user_id', '=', principal.userId),
              eb(sql`lower(email)`, '=', caller.user.email.toLowerCase()),
            ]),
          )
          .orderBy('id')
          .executeTakeFirst();
  if (!row || !isEventRole(row.role) || !isAnimator(row.role)) return undefined;
  return { ...row, role: row.role };
}

export async function eventStaffActor(
  db: Db,
  caller: Caller,
  eventId: number,
): Promise<{ event: RunningEvent; actor: RoomActor }> {
  const event = await findVisibleEvent(db, caller.principal, eventId);
  if (!event) throw notFound('event', eventId);
  const animator = await animatorParticipation(db, caller, eventId);
  const manager = canChangeEvent(caller.principal, { ownerId: event.owner_id });
  if (!animator && !manager) throw forbidden(NOT_EVENT_STAFF);
  if (!event.active) throw conflict('The event is not running: its rooms open when it starts.');
  const rooms = await db
    .selectFrom('rooms')
    .select(['id', 'name'])
    .where('event_id', '=', event.id)
    .where('lab_id', '=', event.lab_id)
    .orderBy('id')
    .execute();
  const actor: RoomActor = animator
    ? {
        participantId: animator.id,
        userId: animator.user_id,
        role: animator.role,
        name: animator.name,
        email: animator.email,
      }
    : backOfficeActor({ id: caller.user.id, name: caller.user.name, email: caller.user.email });
  return { event: { id: event.id, labId: event.lab_id, rooms }, actor };
}
