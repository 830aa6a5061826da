// The users resource of the back office: a lab's users (the spec's cached admin list, with or without the
// deactivated ones), the roles and groups they may be given, one user and their lab (My account).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usersApi } from '../adminApi.ts';
import { cachedListQuery, visitQuery } from './resourceQuery.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (labId: number, includeDeactivated: boolean) =>
    ['users', 'list', labId, { includeDeactivated }] as const,
  roles: ['users', 'roles'] as const,
  groups: ['users', 'groups'] as const,
  one: (id: number) => ['users', id] as const,
  lab: (id: number) => ['labs', id] as const,
};

export const useUsers = (labId: number, includeDeactivated: boolean) =>
  useQuery({
    ...cachedListQuery(userKeys.list(labId, includeDeactivated), (signal) =>
      usersApi.users(labId, { includeDeactivated }, { signal }),
    ),
    // Showing the deactivated ones keeps the list on screen until the longer one arrives.
    placeholderData: keepPreviousData,
  });

export const useRoles = () =>
  useQuery(cachedListQuery(userKeys.roles, (signal) => usersApi.roles({ signal })));

export const useUserGroups = () =>
  useQuery(cachedListQuery(userKeys.groups, (signal) => usersApi.groups({ signal })));

/** A user as My account edits them: never kept once the page is closed (see recordQuery). */
export const useUser = (id: number) =>
  useQuery({ ...visitQuery(userKeys.one(id), (signal) => usersApi.user(id, { signal })), gcTime: 0 });

export const useLab = (id: number) =>
  useQuery(visitQuery(userKeys.lab(id), (signal) => usersApi.lab(id, { signal })));
