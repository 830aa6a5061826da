// The REST calls of the back office's polls pages (back-office spec 2.6 and 7): the lab's prepared polls,
// one poll, creating and editing one (the poll form's fields), and their removal (archived).
import { type CreatePollRequest, pollListSchema, pollSchema, type UpdatePollRequest } from '@lablive/domain';
import { adminResource } from './adminResource.ts';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createPollsAdminApi(transport: Transport) {
  const calls = authorizedCalls(transport);
  /** A prepared poll: no room (the room's animator asks it there). */
  const polls = adminResource<
    typeof pollSchema,
    Omit<CreatePollRequest, 'room_id' | 'active'>,
    UpdatePollRequest
  >(calls, '/api/polls', pollSchema);
  return {
    /** The lab's prepared polls (not a room's), newest first. */
    polls: (options?: RequestOptions) => calls.get('/api/polls', pollListSchema, options),
    poll: polls.one,
    createPoll: polls.create,
    editPoll: polls.change,
    removePoll: polls.remove,
    removePolls: polls.removeMany,
  };
}

export type PollsAdminApi = ReturnType<typeof createPollsAdminApi>;
