// The rooms of an event: GET events/{id}/rooms or rooms?event_id= (the room selector of staff and the
// back office's room card) and
// GET events/{id}/joinroom (automatic distribution: the caller's participation gets its room).
import { eventRoomSchema, idSchema, joinRoomResponseSchema } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { EventRooms } from '../../participants/eventRooms.ts';
import { idParams } from './routeHelpers.ts';

const roomsQuerySchema = z.object({ event_id: idSchema });

export async function eventRoomsRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; eventRooms: EventRooms },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, eventRooms } = options;

  app.get(
    '/events/:id/rooms',
    { schema: { params: idParams, response: { 200: z.array(eventRoomSchema) } } },
    async (request) => eventRooms.list(await authenticator.authenticate(request), request.params.id),
  );

  // The back office's spelling of the same list (back-office spec, section 7).
  app.get(
    '/rooms',
    { schema: { querystring: roomsQuerySchema, response: { 200: z.array(eventRoomSchema) } } },
    async (request) => eventRooms.list(await authenticator.authenticate(request), request.query.event_id),
  );

  app.get(
    '/events/:id/joinroom',
    {
      schema: { params: idParams, response: { 200: joinRoomResponseSchema } },
    },
    async (request) => eventRooms.join(await authenticator.authenticate(request), request.params.id),
  );
}
