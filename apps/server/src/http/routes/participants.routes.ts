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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { ParticipationService } from '../../participants/participationService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, callerAndId, idParams } from './routeHelpers.ts';

export const participantsRoutes = signedInPlugin(
  (
    route,
    { authenticator, participations }: { authenticator: Authenticator; participations: ParticipationService },
    scope,
  ) => {
    // 201 for a new participation, 200 for one that was there already: two answers, so Fastify's own.
    scope.withTypeProvider<ZodTypeProvider>().post(
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

    route.put(
      '/participants/:id',
      { params: idParams, body: updateParticipantRequestSchema, response: { 200: participantSchema } },
      (caller, request) => participations.update(caller, request.params.id, request.body),
    );

    route.get(
      '/participants',
      { querystring: participantsQuerySchema, response: { 200: z.array(participantSchema) } },
      (caller, request) => participations.find(caller, request.query),
    );

    route.get('/participants/:id', byId({ 200: participantSchema }), callerAndId(participations.read));

    route.delete('/participants/:id', byId({ 204: noContentSchema }), callerAndId(participations.remove));
  },
);
