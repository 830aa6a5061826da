// Broadcast to every room of a running event (issue 33, part 4): POST events/{id}/broadcast/announcements,
// .../broadcast/banner and .../broadcast/banner/clear, POST events/{id}/breakouts (the timer) and
// .../breakouts/recall (everyone back now). Parsing and answers only: who may send and what each room
// does is broadcast/broadcastService.ts's.
import {
  announcementRequestSchema,
  bannerRequestSchema,
  breakoutRequestSchema,
  breakoutResponseSchema,
  broadcastResponseSchema,
  clearBannerRequestSchema,
  recallRequestSchema,
} from '@lablive/domain';
import type { BroadcastService } from '../../broadcast/broadcastService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { idParams } from './routeHelpers.ts';

const answer = { 200: broadcastResponseSchema };

export const broadcastRoutes = signedInPlugin((route, { broadcast }: { broadcast: BroadcastService }) => {
  route.post(
    '/events/:id/broadcast/announcements',
    { params: idParams, body: announcementRequestSchema, response: answer },
    (caller, request) => broadcast.announce(caller, request.params.id, request.body, request.id),
  );
  route.post(
    '/events/:id/broadcast/banner',
    { params: idParams, body: bannerRequestSchema, response: answer },
    (caller, request) => broadcast.setBanner(caller, request.params.id, request.body, request.id),
  );
  route.post(
    '/events/:id/broadcast/banner/clear',
    { params: idParams, body: clearBannerRequestSchema, response: answer },
    (caller, request) => broadcast.clearBanner(caller, request.params.id, request.body, request.id),
  );
  route.post(
    '/events/:id/breakouts',
    { params: idParams, body: breakoutRequestSchema, response: { 200: breakoutResponseSchema } },
    (caller, request) => broadcast.startBreakout(caller, request.params.id, request.body, request.id),
  );
  route.post(
    '/events/:id/breakouts/recall',
    { params: idParams, body: recallRequestSchema, response: answer },
    (caller, request) => broadcast.recall(caller, request.params.id, request.body, request.id),
  );
});
