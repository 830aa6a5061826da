// Participations: POST participants (a manager adds a guest to an event, a person registers themself),
// PUT participants/{id} (a manager edits a guest; someone chooses a room or changes their role),
// GET participants?email=&event_id=, GET participants/{id}, DELETE participants/{id}. A participation
// the caller may not read is 404. The rules are the participation service's.
import {
  createParticipantRequestSchema,
  noContentSchema,
  participantSchema,
  participantsQuerySchema,
  updateParticipantRequestSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { ParticipationService } from '../../participants/participationService.ts';
import { idParams } from './routeHelpers.ts';

export async function participantsRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; participations: ParticipationService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, participations } = options;

  app.post(
    '/participants',
    {
      schema: {
        body: createParticipantRequestSchema,
        response: { 200: participantSchema, 201: participantSchema },
      },
    },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      const { participant, created } = await participations.register(caller, request.body);
      return reply.status(created ? 201 : 200).send(participant);
    },
  );

  app.put(
    '/participants/:id',
    {
      schema: {
        params: idParams,
        body: updateParticipantRequestSchema,
        response: { 200: participantSchema },
      },
    },
    async (request) =>
      participations.update(await authenticator.authenticate(request), request.params.id, request.body),
  );

  app.get(
    '/participants',
    {
      schema: { querystring: participantsQuerySchema, response: { 200: z.array(participantSchema) } },
    },
    async (request) => participations.find(await authenticator.authenticate(request), request.query),
  );

  app.get(
    '/participants/:id',
    { schema: { params: idParams, response: { 200: participantSchema } } },
    async (request) => participations.read(await authenticator.authenticate(request), request.params.id),
  );

  app.delete(
    '/participants/:id',
    { schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await participations.remove(await authenticator.authenticate(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
