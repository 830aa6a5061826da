// The rooms of an event: GET events/{id}/rooms or rooms?event_id= (the room selector of staff and the
// back office's room card), PUT events/{id}/rooms/{roomId} (a room's new name) and
// GET events/{id}/joinroom (automatic distribution: the caller's participation gets its room).
import { eventRoomSchema, idSchema, joinRoomResponseSchema, renameRoomRequestSchema } from '@lablive/domain';
import { z } from 'zod';
import type { EventRooms } from '../../participants/eventRooms.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, callerAndId } from './routeHelpers.ts';

const roomsQuerySchema = z.object({ event_id: idSchema });
const eventRoomParams = z.object({ id: idSchema, roomId: idSchema });

export const eventRoomsRoutes = signedInPlugin((route, { eventRooms }: { eventRooms: EventRooms }) => {
  route.get('/events/:id/rooms', byId({ 200: z.array(eventRoomSchema) }), callerAndId(eventRooms.list));

  // The back office's spelling of the same list (back-office spec, section 7).
  route.get(
    '/rooms',
    { querystring: roomsQuerySchema, response: { 200: z.array(eventRoomSchema) } },
    (caller, request) => eventRooms.list(caller, request.query.event_id),
  );

  route.put(
    '/events/:id/rooms/:roomId',
    { params: eventRoomParams, body: renameRoomRequestSchema, response: { 200: eventRoomSchema } },
    (caller, request) =>
      eventRooms.rename(caller, request.params.id, request.params.roomId, request.body.name),
  );

  route.get('/events/:id/joinroom', byId({ 200: joinRoomResponseSchema }), callerAndId(eventRooms.join));
});
