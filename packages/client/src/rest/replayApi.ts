// The replay calls (issue 18 part 5): a room's timeline, and the room at an instant.
import { replayStateSchema, replayTimelineSchema } from '@lablive/domain';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createReplayApi(transport: Transport) {
  const { get } = authorizedCalls(transport);
  return {
    timeline: (roomId: number, options?: RequestOptions) =>
      get(`/api/rooms/${roomId}/replay`, replayTimelineSchema, options),
    /** The room as it was at `at` (an ISO instant). */
    stateAt: (roomId: number, at: string, options?: RequestOptions) =>
      get(`/api/rooms/${roomId}/replay/state?at=${encodeURIComponent(at)}`, replayStateSchema, options),
  };
}

export type ReplayApi = ReturnType<typeof createReplayApi>;
