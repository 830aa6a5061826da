// The groups resource of the back office: the lab's groups (the spec's cached admin list) and what a group
// may be given (users, medias, documents, polls).
import { useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_STALE_MS } from '../../queries/queryClient.ts';
import { groupsApi } from '../adminApi.ts';

export const groupKeys = {
  all: ['groups'] as const,
  list: ['groups', 'list'] as const,
  choices: ['groups', 'choices'] as const,
};

export const useGroups = () =>
  useQuery({
    queryKey: groupKeys.list,
    queryFn: ({ signal }) => groupsApi.groups({ signal }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

/** What a group may be given changes with the other pages (a new media, a new user): loaded on each visit. */
export const useGroupChoices = () =>
  useQuery({ queryKey: groupKeys.choices, queryFn: ({ signal }) => groupsApi.choices({ signal }) });
