// The broadcast calls (issue 33, part 4): staff running an event send every room an announcement or a
// banner, start breakouts with a timer and bring everyone back to one room. Made on the transport by
// whoever needs it: the live room's "To every room" dialog and the back office's event page. Each call
// carries its request id, so sending it again after a failure reaches the rooms that missed it only.
import {
  type AnnouncementRequest,
  type BannerRequest,
  type BreakoutRequest,
  breakoutResponseSchema,
  broadcastResponseSchema,
  type ClearBannerRequest,
  type RecallRequest,
} from '@lablive/domain';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createBroadcastApi(transport: Transport) {
  const calls = authorizedCalls(transport);
  const base = (eventId: number) => `/api/events/${eventId}`;
  return {
    announce: (eventId: number, request: AnnouncementRequest, options?: RequestOptions) =>
      calls.send(
        'POST',
        `${base(eventId)}/broadcast/announcements`,
        request,
        broadcastResponseSchema,
        options,
      ),
    setBanner: (eventId: number, request: BannerRequest, options?: RequestOptions) =>
      calls.send('POST', `${base(eventId)}/broadcast/banner`, request, broadcastResponseSchema, options),
    clearBanner: (eventId: number, request: ClearBannerRequest, options?: RequestOptions) =>
      calls.send(
        'POST',
        `${base(eventId)}/broadcast/banner/clear`,
        request,
        broadcastResponseSchema,
        options,
      ),
    startBreakout: (eventId: number, request: BreakoutRequest, options?: RequestOptions) =>
      calls.send('POST', `${base(eventId)}/breakouts`, request, breakoutResponseSchema, options),
    recall: (eventId: number, request: RecallRequest, options?: RequestOptions) =>
      calls.send('POST', `${base(eventId)}/breakouts/recall`, request, broadcastResponseSchema, options),
  };
}

export type BroadcastApi = ReturnType<typeof createBroadcastApi>;
