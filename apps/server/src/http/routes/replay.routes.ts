// Replay of a room (issue 18 part 5): GET rooms/{id}/replay (the timeline and its markers) and GET
// rooms/{id}/replay/state?at= (the room at that instant). Who may call is the access table's (module
// stats, staff); what they answer is the replay service's.
import { replayStateQuerySchema, replayStateSchema, replayTimelineSchema } from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { ReplayService } from '../../replay/replayService.ts';
import { idParams } from './routeHelpers.ts';

export async function replayRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; replay: ReplayService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, replay } = options;
  const principalOf = async (request: FastifyRequest) =>
    (await authenticator.authenticate(request)).principal;

  app.get(
    '/rooms/:id/replay',
    { schema: { params: idParams, response: { 200: replayTimelineSchema } } },
    async (request) => replay.timeline(await principalOf(request), request.params.id),
  );
  app.get(
    '/rooms/:id/replay/state',
    {
      schema: { params: idParams, querystring: replayStateQuerySchema, response: { 200: replayStateSchema } },
    },
    async (request) => replay.stateAt(await principalOf(request), request.params.id, request.query.at),
  );
}
