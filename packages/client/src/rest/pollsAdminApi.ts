// The REST calls of the back office's polls pages (back-office spec 2.6 and 7): the lab's prepared polls,
// one poll, creating and editing one (the poll form's fields), and their removal (archived).
import {
  type CreatePollRequest,
  pollListSchema,
  pollSchema,
  removedCountSchema,
  type UpdatePollRequest,
} from '@lablive/domain';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createPollsAdminApi(transport: Transport) {
  const { get, send, remove } = authorizedCalls(transport);
  return {
    /** The lab's prepared polls (not a room's), newest first. */
    polls: (options?: RequestOptions) => get('/api/polls', pollListSchema, options),
    poll: (pollId: number, options?: RequestOptions) => get(`/api/polls/${pollId}`, pollSchema, options),
    /** A prepared poll: no room (the room's animator asks it there). */
    createPoll: (request: Omit<CreatePollRequest, 'room_id' | 'active'>, options?: RequestOptions) =>
      send('POST', '/api/polls', request, pollSchema, options),
    editPoll: (pollId: number, request: UpdatePollRequest, options?: RequestOptions) =>
      send('PUT', `/api/polls/${pollId}`, request, pollSchema, options),
    removePoll: (pollId: number, options?: RequestOptions) => remove(`/api/polls/${pollId}`, options),
    removePolls: (ids: readonly number[], options?: RequestOptions) =>
      send('POST', '/api/polls/delete-multiple', { ids }, removedCountSchema, options),
  };
}

export type PollsAdminApi = ReturnType<typeof createPollsAdminApi>;
