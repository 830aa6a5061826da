// Participations as the REST calls change them (live-room spec, sections 4, 6 and 7; back-office spec,
// sections 2.4, 2.5 and 7). Two kinds of caller: a manager (manage events) keeps an event's guest list
// (guestList.ts), anyone registers themself, picks their room when staff, or steps down to participant.
import {
  type CreateParticipantRequest,
  DomainError,
  effectivePermissions,
  forbidden,
  invalid,
  notFound,
  type ParticipantView,
  type UpdateParticipantRequest,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import { picksOwnRoom } from '../access/roomAccess.ts';
import { eventsManagedBy, findVisibleEvent } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';
import type { GuestNotices } from '../events/guestNotices.ts';
import { findRoomInLab } from '../events/rooms.repository.ts';
import { findUserInLab } from '../users/users.repository.ts';
import { createGuestList } from './guestList.ts';
import {
  findParticipantInLab,
  findParticipantsByEmail,
  updateParticipant,
} from './participants.repository.ts';

type VisibleEvent = NonNullable<Awaited<ReturnType<typeof findVisibleEvent>>>;

const STAFF_ROLE_ONLY_BY_MANAGERS =
  'Only managers (manage events) can give the animator, observer or observer-animator role.';

export type ParticipationService = ReturnType<typeof createParticipationService>;

const isManager = (caller: Caller): boolean =>
  effectivePermissions(caller.principal).includes('manage_events');

function isOwn(caller: Caller, participant: ParticipantView): boolean {
  const { principal } = caller;
  if (principal.kind === 'guest') return principal.participantId === participant.id;
  return (
    participant.user_id === principal.userId ||
    participant.email.toLowerCase() === caller.user.email.toLowerCase()
  );
}

export function createParticipationService(db: Db, notices: GuestNotices = {}) {
  const guests = createGuestList(db, notices);

  /** Of `participants`, those the caller manages (their event's guests) or that are their own. */
  async function readableAmong(caller: Caller, participants: ParticipantView[]) {
    const managed = isManager(caller)
      ? await eventsManagedBy(
          db,
          caller.principal,
          participants.map((participant) => participant.event_id),
        )
      : new Set<number>();
    return participants.filter(
      (participant) => managed.has(participant.event_id) || isOwn(caller, participant),
    );
  }

  /** The participation if the caller may read it: a manager their events' guests, anyone their own. */
  async function readable(caller: Caller, id: number): Promise<ParticipantView> {
    const participant = await findParticipantInLab(db, caller.principal.labId, id);
    const [found] = participant ? await readableAmong(caller, [participant]) : [];
    if (!found) throw notFound('participant', id);
    return found;
  }

  async function roomOfEvent(labId: number, roomId: number, eventId: number) {
    const room = await findRoomInLab(db, labId, roomId);
    if (!room || room.event_id !== eventId) {
      throw new DomainError('not_found', `No room ${roomId} in event ${eventId}.`);
    }
    return room;
  }

  /** Someone registers themself: a plain participant the event places, once (a second call finds it). */
  async function registerSelf(caller: Caller, body: CreateParticipantRequest, event: VisibleEvent) {
    const { principal } = caller;
    const manager = isManager(caller);
    const ownUserId = principal.kind === 'user' ? principal.userId : null;
    if (!manager) {
      if (body.user_id != null && body.user_id !== ownUserId)
        throw forbidden('user_id must be your own account.');
      if (body.role !== undefined && body.role !== 'participant')
        throw forbidden(STAFF_ROLE_ONLY_BY_MANAGERS);
      if (body.room_id != null)
        throw forbidden('Only managers (manage events) place a participant in a room.');
    }
    if (body.room_id != null) await roomOfEvent(principal.labId, body.room_id, event.id);
    const firstName = body.first_name ?? caller.user.first_name;
    const lastName = body.last_name ?? caller.user.last_name;
    return guests.enrol({
      eventId: event.id,
      // The event's lab, whatever the body says.
      labId: event.lab_id,
      userId: ownUserId,
      roomId: body.room_id ?? null,
      email: body.email,
      name: body.name || `${firstName} ${lastName}`.trim() || body.email,
      firstName,
      lastName,
      role: body.role ?? 'participant',
      job: body.job ?? null,
      timezone: body.timezone ?? null,
    });
  }

  return {
    read: readable,

    /** POST participants: `created` false when the person already takes part (their own registration). */
    async register(
      caller: Caller,
      body: CreateParticipantRequest,
    ): Promise<{ participant: ParticipantView; created: boolean }> {
      const event = await findVisibleEvent(db, caller.principal, body.event_id);
      if (!event) throw notFound('event', body.event_id);
      if (body.email.toLowerCase() === caller.user.email.toLowerCase()) {
        return registerSelf(caller, body, event);
      }
      if (!isManager(caller)) throw forbidden('You can only register yourself: use your own e-mail address.');
      const userId = body.user_id ?? null;
      if (userId !== null && !(await findUserInLab(db, caller.principal.labId, userId))) {
        throw notFound('user', userId);
      }
      const fullName = `${body.first_name ?? ''} ${body.last_name ?? ''}`.trim();
      const participant = await guests.add(caller, body.event_id, {
        name: body.name || fullName || body.email,
        email: body.email,
        role: body.role ?? 'participant',
        room_id: body.room_id ?? null,
        job: body.job ?? null,
        user_id: userId,
        timezone: body.timezone ?? null,
      });
      return { participant, created: true };
    },

    async update(caller: Caller, id: number, body: UpdateParticipantRequest): Promise<ParticipantView> {
      const { principal } = caller;
      const target = await readable(caller, id);
      const manager = isManager(caller);
      if ('name' in body) {
        if (!manager) throw forbidden('Only managers (manage events) edit a guest.');
        return guests.edit(caller, target.id, body);
      }
      const { role, room_id: roomId, event_id: eventId } = body;
      if (role !== undefined) {
        // The waiting room's role selector is for staff: a participant may step down, not promote themself.
        if (!manager && role !== 'participant' && role !== target.role)
          throw forbidden(STAFF_ROLE_ONLY_BY_MANAGERS);
        return updateParticipant(db, target.id, { role });
      }
      if (roomId === undefined || eventId === undefined)
        throw invalid('room_id', 'send room_id and event_id.');
      if (eventId !== target.event_id) {
        throw invalid('event_id', `this participation is in event ${target.event_id}.`);
      }
      if (roomId !== null) await roomOfEvent(principal.labId, roomId, target.event_id);
      // A manager places others at any time (planning happens before the event); choosing one's own room
      // is for staff while the event runs (live-room spec, sections 4 and 6).
      if (!(manager && !isOwn(caller, target))) {
        if (!picksOwnRoom(principal, target.role)) {
          throw forbidden(
            'Only animators, observers and managers choose their room; participants are placed.',
          );
        }
        const event = await findVisibleEvent(db, principal, target.event_id);
        if (!event?.active) throw forbidden('A room can be chosen only while the event is active.');
        if (roomId === null) throw invalid('room_id', 'choose a room.');
      }
      return updateParticipant(db, target.id, { room_id: roomId });
    },

    /** GET participants: a whole event's guests (managers), or someone's participations by e-mail. */
    async find(caller: Caller, query: { email?: string | undefined; event_id?: number | undefined }) {
      const { principal } = caller;
      const { email, event_id: eventId } = query;
      if (email === undefined) {
        if (!isManager(caller)) throw forbidden('Only managers (manage events) list an event’s guests.');
        return guests.list(caller, eventId ?? 0);
      }
      if (!isManager(caller) && email.toLowerCase() !== caller.user.email.toLowerCase()) {
        throw forbidden('You can only look up your own participations.');
      }
      return readableAmong(caller, await findParticipantsByEmail(db, principal.labId, email, eventId));
    },

    remove: (caller: Caller, id: number) => guests.remove(caller, id),
  };
}
