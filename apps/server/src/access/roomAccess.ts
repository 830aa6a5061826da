// Who a caller is in a room: their participation in the room's event (the actor the room decides
// for), whether that participation lets them into this room, and the room's configuration. The gateway
// and the REST calls that act on rooms both go through here, so they admit the same people.
import {
  DomainError,
  type EventRole,
  effectivePermissions,
  isAnimator,
  isObserver,
  LAB_MODULES,
  type LabModule,
  type Principal,
  ROOM_MODULES,
  type RoomActor,
  type RoomConfig,
  type RoomModule,
} from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { requireConsents } from './consentGate.ts';
import { isEventRole } from './eventRoles.ts';
import { recalledInto } from './roomRecall.ts';
import { findVisibleRoom } from './visibleEvents.ts';

export type RoomAccess = { actor: RoomActor; config: RoomConfig; eventActive: boolean };

const isRoomModule = (value: string): value is RoomModule =>
  (ROOM_MODULES as readonly string[]).includes(value);
const isLabModule = (value: string): value is LabModule => (LAB_MODULES as readonly string[]).includes(value);

/** Staff pick their room; plain participants go where they were placed (live-room spec, section 6). */
export function picksOwnRoom(principal: Principal, role: EventRole): boolean {
  const manager = principal.kind === 'user' && effectivePermissions(principal).includes('manage_events');
  return manager || isAnimator(role) || isObserver(role);
}

/** A room's configuration; `labId` scopes the lookup to the caller's lab (the host, a system actor, omits it). */
export async function loadRoomConfig(db: Db, labId: number | null, roomId: number) {
  const room = await db
    .selectFrom('rooms')
    .innerJoin('events', 'events.id', 'rooms.event_id')
    .select([
      'rooms.id',
      'rooms.event_id',
      'rooms.lab_id',
      'rooms.active_modules',
      'events.active',
      'events.lobby',
    ])
    .where('rooms.id', '=', roomId)
    .$if(labId !== null, (qb) => qb.where('rooms.lab_id', '=', labId ?? 0))
    .executeTakeFirst();
  if (!room) return undefined;
  const modules = await db
    .selectFrom('lab_modules')
    .select('module')
    .where('lab_id', '=', room.lab_id)
    .execute();
  const config: RoomConfig = {
    roomId: room.id,
    eventId: room.event_id,
    labId: room.lab_id,
    activeModules: room.active_modules.filter(isRoomModule),
    labModules: modules.map((m) => m.module).filter(isLabModule),
    lobby: room.lobby,
  };
  return { config, eventActive: room.active };
}

/**
 * The caller's participation in an event. A staff member who manages events and has none yet gets
 * one as animator: managers run the events of their lab without inviting themselves first.
 */
async function participationOf(db: Db, principal: Principal, eventId: number, labId: number) {
  const columns = ['id', 'user_id', 'role', 'room_id', 'name', 'first_name', 'last_name', 'email'] as const;
  if (principal.kind === 'guest') {
    return principal.eventId === eventId
      ? db
          .selectFrom('participants')
          .select(columns)
          .where('id', '=', principal.participantId)
          .executeTakeFirst()
      : undefined;
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('id', '=', principal.userId)
    .executeTakeFirstOrThrow();
  const existing = await db
    .selectFrom('participants')
    .select(columns)
    .where('event_id', '=', eventId)
    .where((eb) => eb.or([eb('user_id', '=', user.id), eb(sql`lower(email)`, '=', user.email.toLowerCase())]))
    .orderBy('id')
    .executeTakeFirst();
  if (existing || !effectivePermissions(principal).includes('manage_events')) return existing;
  return db
    .insertInto('participants')
    .values({
      event_id: eventId,
      lab_id: labId,
      user_id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      name: `${user.first_name} ${user.last_name}`.trim() || user.email,
      role: 'animator',
      job: null,
      location: null,
      timezone: null,
      google_refresh_token: null,
      room_id: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(columns)
    .executeTakeFirst();
}

/** Throws 404 for a room the caller's lab does not have, 403 when their participation keeps them out. */
export async function resolveRoomAccess(db: Db, principal: Principal, roomId: number): Promise<RoomAccess> {
  // A room of an event the caller may not see is answered like a room that does not exist.
  const room =
    (await findVisibleRoom(db, principal, roomId)) && (await loadRoomConfig(db, principal.labId, roomId));
  if (!room) {
    throw new DomainError('not_found', `No room ${roomId}.`);
  }
  const participation = await participationOf(db, principal, room.config.eventId, room.config.labId);
  if (!participation) throw new DomainError('forbidden', 'You are not a participant of this event.');
  // A guest enters only with the lab's current required consents (issue 33); staff are the lab's own.
  if (principal.kind === 'guest') await requireConsents(db, participation.id);
  const role: EventRole = isEventRole(participation.role) ? participation.role : 'participant';
  const staff = picksOwnRoom(principal, role);
  // After a recall, guests of the event's other rooms enter its target for that session (roomRecall.ts).
  const ownRoom = participation.room_id === roomId;
  const recalled =
    !ownRoom && !staff && room.eventActive && (await recalledInto(db, participation.room_id, roomId));
  const allowed = ownRoom || (staff && room.eventActive) || recalled;
  if (!allowed) {
    throw new DomainError(
      'forbidden',
      staff ? 'The event is not active: rooms open when it starts.' : 'This is not your room.',
    );
  }
  return {
    config: room.config,
    eventActive: room.eventActive,
    actor: {
      participantId: participation.id,
      userId: participation.user_id,
      role,
      name:
        participation.name ||
        `${participation.first_name} ${participation.last_name}`.trim() ||
        participation.email,
      email: participation.email,
      ...(recalled ? { recalled: true } : {}),
    },
  };
}
