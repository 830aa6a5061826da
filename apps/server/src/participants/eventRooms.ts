// The rooms of an event as its people see them: the list (managers see every event's, others must take
// part), with who is in each room now, automatic distribution (the caller's participation gets its
// room, the emptiest, when the event is live), and a room's new name from who may change the event.
import { canChangeEvent, DomainError, forbidden, NOT_YOUR_EVENT, notFound } from '@lablive/domain';
import { type Caller, holds, NOT_A_PARTICIPANT, personOf } from '../access/caller.ts';
import { requireConsents } from '../access/consentGate.ts';
import { findVisibleEvent } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';
import { distributeToRoom, listEventRooms, renameRoom } from '../events/rooms.repository.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { findOwnParticipation } from './participants.repository.ts';

export type EventRooms = ReturnType<typeof createEventRooms>;

export function createEventRooms(deps: { db: Db; rooms: RoomService }) {
  const { db } = deps;
  async function list(caller: Caller, eventId: number) {
    const event = await findVisibleEvent(db, caller.principal, eventId);
    if (!event) throw notFound('event', eventId);
    if (!holds(caller.principal, 'manage_events')) {
      if (!(await findOwnParticipation(db, personOf(caller), event.id))) throw forbidden(NOT_A_PARTICIPANT);
    }
    const rooms = await listEventRooms(db, event.id);
    // Who is in each room now: the rooms' live state, not the placements.
    return Promise.all(
      rooms.map(async (room) => ({
        ...room,
        onlineCount: (await deps.rooms.snapshot(room.id)).state.viewers.length,
      })),
    );
  }

  return {
    /** The rooms of an event the caller may see: managers plan every event's, others must take part. */
    list,

    /**
     * Names a room as its people will read it, for who may change the event (its owner, or a manager
     * who sees every event); a closed event keeps its names, as its rooms are in its statistics.
     */
    async rename(caller: Caller, eventId: number, roomId: number, name: string) {
      const event = await findVisibleEvent(db, caller.principal, eventId);
      if (!event) throw notFound('event', eventId);
      if (!canChangeEvent(caller.principal, { ownerId: event.owner_id })) throw forbidden(NOT_YOUR_EVENT);
      if (event.end_date !== null) {
        throw new DomainError('conflict', 'This event is closed: it can no longer be changed.');
      }
      if (!(await renameRoom(db, event.id, roomId, name))) throw notFound('room', roomId);
      const rooms = await list(caller, event.id);
      const renamed = rooms.find((room) => room.id === roomId);
      if (!renamed) throw notFound('room', roomId);
      return renamed;
    },

    /** The caller's room in a live event, given now if the back office placed them nowhere. */
    async join(caller: Caller, eventId: number): Promise<{ id: number }> {
      const event = await findVisibleEvent(db, caller.principal, eventId);
      if (!event) throw notFound('event', eventId);
      const participation = await findOwnParticipation(db, personOf(caller), event.id);
      if (!participation) throw forbidden(NOT_A_PARTICIPANT);
      // A closed event sends nobody anywhere, a guest who arrives late included.
      if (event.end_date !== null) throw forbidden('This event has ended: its rooms are closed.');
      if (!event.active) throw forbidden('The event is not active: rooms open when it starts.');
      // Nobody is placed in a room without the consents entering needs (issue 33).
      if (caller.principal.kind === 'guest') await requireConsents(db, participation.id);
      // With manual distribution the back office placed people already; someone it missed is still
      // given a room rather than left outside.
      const roomId = await distributeToRoom(db, participation.id, event.id);
      if (roomId === undefined) throw new DomainError('conflict', 'This event has no room.');
      return { id: roomId };
    },
  };
}
