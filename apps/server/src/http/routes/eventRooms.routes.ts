// The rooms of an event: GET events/{id}/rooms or rooms?event_id= (the room selector of staff and the
// back office's room card) and
// GET events/{id}/joinroom (automatic distribution: the caller's participation gets its room).
import {
  DomainError,
  eventRoomSchema,
  forbidden,
  idSchema,
  joinRoomResponseSchema,
  notFound,
} from '@lablive/domain';

const roomsQuerySchema = z.object({ event_id: idSchema });

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../../access/caller.ts';
import { findVisibleEvent } from '../../access/visibleEvents.ts';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Db } from '../../db/connection.ts';
import { distributeToRoom, listEventRooms } from '../../events/rooms.repository.ts';
import { findOwnParticipation } from '../../participants/participants.repository.ts';
import type { RoomService } from '../../rooms/roomService.ts';
import { holds, idParams, NOT_A_PARTICIPANT, personOf } from './routeHelpers.ts';

export async function eventRoomsRoutes(
  instance: FastifyInstance,
  options: { db: Db; authenticator: Authenticator; rooms: RoomService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, rooms: roomService } = options;

  /** The rooms of an event the caller may see: managers plan every event's, others must take part. */
  async function roomsOfEvent(caller: Caller, eventId: number) {
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
        onlineCount: (await roomService.snapshot(room.id)).state.viewers.length,
      })),
    );
  }

  app.get(
    '/events/:id/rooms',
    { schema: { params: idParams, response: { 200: z.array(eventRoomSchema) } } },
    async (request) => roomsOfEvent(await authenticator.authenticate(request), request.params.id),
  );

  // The back office's spelling of the same list (back-office spec, section 7).
  app.get(
    '/rooms',
    { schema: { querystring: roomsQuerySchema, response: { 200: z.array(eventRoomSchema) } } },
    async (request) => roomsOfEvent(await authenticator.authenticate(request), request.query.event_id),
  );

  app.get(
    '/events/:id/joinroom',
    {
      schema: { params: idParams, response: { 200: joinRoomResponseSchema } },
    },
    async (request) => {
      const caller = await authenticator.authenticate(request);
      const event = await findVisibleEvent(db, caller.principal, request.params.id);
      if (!event) throw notFound('event', request.params.id);
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
  );
}
