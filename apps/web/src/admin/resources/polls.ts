// The polls resource of the back office: the lab's prepared polls (the spec's cached admin list) and one
// poll for its form.
import { useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_STALE_MS } from '../../queries/queryClient.ts';
import { recordQuery } from '../../queries/recordQuery.ts';
import { pollsApi } from '../adminApi.ts';

export const pollKeys = {
  all: ['polls'] as const,
  list: ['polls', 'list'] as const,
  one: (id: number) => ['polls', id] as const,
};

export const usePolls = () =>
  useQuery({
    queryKey: pollKeys.list,
    queryFn: ({ signal }) => pollsApi.polls({ signal }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

/** The poll a form edits, or null for a new one. */
export const usePoll = (id: number | null) =>
  useQuery(recordQuery(pollKeys.one, (key, signal) => pollsApi.poll(key, { signal }), id));
