// Polls: POST polls (save a poll, and ask it in a room), PUT polls/{id} (start, close, or edit) and
// POST polls/answer/{pollId} (vote), the calls of the room's poll panel and of the back office's poll
// form; the back office's list calls are pollsAdmin.routes.ts', on the same service. Parsing and answers
// only: what each call does is the poll service's (polls/pollService.ts), and the room's decider rules
// on who may create, start, close and vote.
import {
  answerPollRequestSchema,
  answerPollResponseSchema,
  createPollRequestSchema,
  pollSchema,
  updatePollRequestSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { PollService } from '../../polls/pollService.ts';
import { pollsAdminRoutes } from './pollsAdmin.routes.ts';
import { idParams } from './routeHelpers.ts';

export async function pollsRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; polls: PollService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, polls } = options;
  await app.register(pollsAdminRoutes, { authenticator, polls });

  app.post(
    '/polls',
    { schema: { body: createPollRequestSchema, response: { 201: pollSchema } } },
    async (request, reply) => {
      const { principal } = await authenticator.authenticate(request);
      return reply.status(201).send(await polls.create(principal, request.body, request.id));
    },
  );

  app.put(
    '/polls/:id',
    { schema: { params: idParams, body: updatePollRequestSchema, response: { 200: pollSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return polls.change(principal, request.params.id, request.body, request.id);
    },
  );

  app.post(
    '/polls/answer/:pollId',
    {
      schema: {
        params: z.object({ pollId: idParams.shape.id }),
        body: answerPollRequestSchema,
        response: { 201: answerPollResponseSchema },
      },
    },
    async (request, reply) => {
      const { principal } = await authenticator.authenticate(request);
      return reply
        .status(201)
        .send(await polls.answer(principal, request.params.pollId, request.body, request.id));
    },
  );
}
