// A live room over REST: GET rooms/{id} (room data), GET rooms/{id}/token (what the live room opens
// with, including the video session) and POST rooms/{id}/leave. What each does is liveRooms.ts'.
import {
  leaveRoomRequestSchema,
  noContentSchema,
  roomDataSchema,
  roomTokenResponseSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { LiveRooms } from '../liveRooms.ts';
import { idParams } from './routeHelpers.ts';

export type RoomsRoutesOptions = { authenticator: Authenticator; liveRooms: LiveRooms };

export async function roomsRoutes(instance: FastifyInstance, options: RoomsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, liveRooms } = options;

  app.get(
    '/rooms/:id',
    { schema: { params: idParams, response: { 200: roomDataSchema } } },
    async (request) =>
      liveRooms.data((await authenticator.authenticate(request)).principal, request.params.id),
  );

  app.get(
    '/rooms/:id/token',
    { schema: { params: idParams, response: { 200: roomTokenResponseSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return liveRooms.token(principal, request.params.id, request.log);
    },
  );

  app.post(
    '/rooms/:id/leave',
    { schema: { params: idParams, body: leaveRoomRequestSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const { principal } = await authenticator.authenticate(request);
      await liveRooms.leave(principal, request.params.id, request.body?.connectionId, request.id);
      return reply.status(204).send(null);
    },
  );
}
