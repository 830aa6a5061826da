// A live room over REST: GET rooms/{id} (room data), GET rooms/{id}/token (what the live room opens
// with, including the video session) and POST rooms/{id}/leave. What each does is liveRooms.ts'.
import {
  knockingGuestSchema,
  leaveRoomRequestSchema,
  noContentSchema,
  roomDataSchema,
  roomTokenResponseSchema,
} from '@lablive/domain';
import { z } from 'zod';
import type { LiveRooms } from '../liveRooms.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, idParams, principalAndId } from './routeHelpers.ts';

export const roomsRoutes = signedInPlugin((route, { liveRooms }: { liveRooms: LiveRooms }) => {
  route.get('/rooms/:id', byId({ 200: roomDataSchema }), principalAndId(liveRooms.data));

  route.get(
    '/rooms/:id/token',
    { params: idParams, response: { 200: roomTokenResponseSchema } },
    ({ principal }, request) => liveRooms.token(principal, request.params.id, request.log),
  );

  route.get(
    '/rooms/:id/lobby',
    byId({ 200: z.array(knockingGuestSchema) }),
    principalAndId(liveRooms.knocking),
  );

  route.post(
    '/rooms/:id/leave',
    { params: idParams, body: leaveRoomRequestSchema, response: { 204: noContentSchema } },
    ({ principal }, request) =>
      liveRooms.leave(principal, request.params.id, request.body?.connectionId, request.id),
  );
});
