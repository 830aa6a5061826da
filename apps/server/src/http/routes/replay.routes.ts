// Replay of a room (issue 18 part 5): GET rooms/{id}/replay (the timeline and its markers) and GET
// rooms/{id}/replay/state?at= (the room at that instant). Who may call is the access table's (module
// stats, staff); what they answer is the replay service's.
import { replayStateQuerySchema, replayStateSchema, replayTimelineSchema } from '@lablive/domain';
import type { ReplayService } from '../../replay/replayService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, idParams, principalAndId } from './routeHelpers.ts';

export const replayRoutes = signedInPlugin((route, { replay }: { replay: ReplayService }) => {
  route.get('/rooms/:id/replay', byId({ 200: replayTimelineSchema }), principalAndId(replay.timeline));
  route.get(
    '/rooms/:id/replay/state',
    { params: idParams, querystring: replayStateQuerySchema, response: { 200: replayStateSchema } },
    ({ principal }, request) => replay.stateAt(principal, request.params.id, request.query.at),
  );
});
