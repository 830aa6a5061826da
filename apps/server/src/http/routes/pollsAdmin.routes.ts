// The back office's poll calls (back-office spec 2.6 and 7): the lab's prepared polls (GET polls, GET
// polls/by-lab/{labId}), one poll (GET polls/{id}), and their removal (DELETE polls/{id}, POST
// polls/delete-multiple), which archives. Creating and editing one are POST polls and PUT polls/{id}
// (polls.routes.ts), shared with the room. Who may call them is the access table's (manage polls, module
// polls); what they do is the poll service's.
import { pollListSchema, pollSchema, pollsByLabParamsSchema } from '@lablive/domain';
import type { PollService } from '../../polls/pollService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, principalAndId, removalRoutes } from './routeHelpers.ts';

export const pollsAdminRoutes = signedInPlugin((route, { polls }: { polls: PollService }) => {
  route.get('/polls', { response: { 200: pollListSchema } }, ({ principal }) => polls.list(principal));

  route.get(
    '/polls/by-lab/:labId',
    { params: pollsByLabParamsSchema, response: { 200: pollListSchema } },
    ({ principal }, request) => polls.listByLab(principal, request.params.labId),
  );

  route.get('/polls/:id', byId({ 200: pollSchema }), principalAndId(polls.get));

  // Removing a poll archives it: a room that asked it keeps it as it was.
  removalRoutes(
    route,
    { one: '/polls/:id', many: '/polls/delete-multiple' },
    { one: polls.archive, many: polls.archiveMany },
  );
});
