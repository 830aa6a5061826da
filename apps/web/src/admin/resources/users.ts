// The users resource of the back office: a lab's users (the spec's cached admin list, with or without the
// deactivated ones), the roles and groups they may be given, one user and their lab (My account).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_STALE_MS } from '../../queries/queryClient.ts';
import { usersApi } from '../adminApi.ts';

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
    queryKey: userKeys.list(labId, includeDeactivated),
    queryFn: ({ signal }) => usersApi.users(labId, { includeDeactivated }, { signal }),
    staleTime: ADMIN_LIST_STALE_MS,
    // Showing the deactivated ones keeps the list on screen until the longer one arrives.
    placeholderData: keepPreviousData,
  });

export const useRoles = () =>
  useQuery({
    queryKey: userKeys.roles,
    queryFn: ({ signal }) => usersApi.roles({ signal }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

export const useUserGroups = () =>
  useQuery({
    queryKey: userKeys.groups,
    queryFn: ({ signal }) => usersApi.groups({ signal }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

/** A user as My account edits them: never kept once the page is closed (see recordQuery). */
export const useUser = (id: number) =>
  useQuery({ queryKey: userKeys.one(id), queryFn: ({ signal }) => usersApi.user(id, { signal }), gcTime: 0 });

export const useLab = (id: number) =>
  useQuery({ queryKey: userKeys.lab(id), queryFn: ({ signal }) => usersApi.lab(id, { signal }) });
