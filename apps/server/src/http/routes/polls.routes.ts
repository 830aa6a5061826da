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
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { PollService } from '../../polls/pollService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { pollsAdminRoutes } from './pollsAdmin.routes.ts';
import { idParams } from './routeHelpers.ts';

export const pollsRoutes = signedInPlugin(
  async (route, options: { polls: PollService; authenticator: Authenticator }, scope) => {
    const { polls } = options;
    await scope.register(pollsAdminRoutes, options);

    route.post(
      '/polls',
      { body: createPollRequestSchema, response: { 201: pollSchema } },
      ({ principal }, request) => polls.create(principal, request.body, request.id),
    );

    route.put(
      '/polls/:id',
      { params: idParams, body: updatePollRequestSchema, response: { 200: pollSchema } },
      ({ principal }, request) => polls.change(principal, request.params.id, request.body, request.id),
    );

    route.post(
      '/polls/answer/:pollId',
      {
        params: z.object({ pollId: idParams.shape.id }),
        body: answerPollRequestSchema,
        response: { 201: answerPollResponseSchema },
      },
      ({ principal }, request) => polls.answer(principal, request.params.pollId, request.body, request.id),
    );
  },
);
