// The groups resource of the back office: the lab's groups (the spec's cached admin list) and what a group
// may be given (users, medias, documents, polls).
import { useQuery } from '@tanstack/react-query';
import { groupsApi } from '../adminApi.ts';
import { cachedListQuery, visitQuery } from './resourceQuery.ts';

export const groupKeys = {
  all: ['groups'] as const,
  list: ['groups', 'list'] as const,
  choices: ['groups', 'choices'] as const,
};

export const useGroups = () =>
  useQuery(cachedListQuery(groupKeys.list, (signal) => groupsApi.groups({ signal })));

/** What a group may be given changes with the other pages (a new media, a new user): loaded on each visit. */
export const useGroupChoices = () =>
  useQuery(visitQuery(groupKeys.choices, (signal) => groupsApi.choices({ signal })));
