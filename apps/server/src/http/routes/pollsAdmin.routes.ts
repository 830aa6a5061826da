// The back office's poll calls (back-office spec 2.6 and 7): the lab's prepared polls (GET polls, GET
// polls/by-lab/{labId}), one poll (GET polls/{id}), and their removal (DELETE polls/{id}, POST
// polls/delete-multiple), which archives. Creating and editing one are POST polls and PUT polls/{id}
// (polls.routes.ts), shared with the room. Who may call them is the access table's (manage polls, module
// polls); what they do is the poll service's.
import {
  idsRequestSchema,
  noContentSchema,
  pollListSchema,
  pollSchema,
  pollsByLabParamsSchema,
  removedCountSchema,
} from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { PollService } from '../../polls/pollService.ts';
import { idParams } from './routeHelpers.ts';

export async function pollsAdminRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; polls: PollService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, polls } = options;
  const principalOf = async (request: FastifyRequest) =>
    (await authenticator.authenticate(request)).principal;

  app.get('/polls', { schema: { response: { 200: pollListSchema } } }, async (request) =>
    polls.list(await principalOf(request)),
  );

  app.get(
    '/polls/by-lab/:labId',
    { schema: { params: pollsByLabParamsSchema, response: { 200: pollListSchema } } },
    async (request) => polls.listByLab(await principalOf(request), request.params.labId),
  );

  app.get('/polls/:id', { schema: { params: idParams, response: { 200: pollSchema } } }, async (request) =>
    polls.get(await principalOf(request), request.params.id),
  );

  app.delete(
    '/polls/:id',
    { schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await polls.archive(await principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/polls/delete-multiple',
    { schema: { body: idsRequestSchema, response: { 200: removedCountSchema } } },
    async (request) => polls.archiveMany(await principalOf(request), request.body),
  );
}
