// The rooms of an event as its people see them: the list (managers see every event's, others must take
// part), with who is in each room now, and automatic distribution (the caller's participation gets its
// room, the emptiest, when the event is live).
import { DomainError, forbidden, notFound } from '@lablive/domain';
import { type Caller, holds, NOT_A_PARTICIPANT, personOf } from '../access/caller.ts';
import { findVisibleEvent } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';
import { distributeToRoom, listEventRooms } from '../events/rooms.repository.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { findOwnParticipation } from './participants.repository.ts';

export type EventRooms = ReturnType<typeof createEventRooms>;

export function createEventRooms(deps: { db: Db; rooms: RoomService }) {
  const { db } = deps;
  return {
    /** The rooms of an event the caller may see: managers plan every event's, others must take part. */
    async list(caller: Caller, eventId: number) {
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
      // With manual distribution the back office placed people already; someone it missed is still
      // given a room rather than left outside.
      const roomId = await distributeToRoom(db, participation.id, event.id);
      if (roomId === undefined) throw new DomainError('conflict', 'This event has no room.');
      return { id: roomId };
    },
  };
}
