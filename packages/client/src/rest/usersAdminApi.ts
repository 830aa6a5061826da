// The REST calls about back-office users and their lab (back-office spec 2.8, 2.12 and 7): a user's
// account and its changes (the profile page; a new e-mail confirmed by the link mailed to it), the lab as the user may see it (its plan, for those who
// may), and the users page's calls: the lab's users, the roles one can give, a new user (who receives a
// mail to set their password), a manager's edit, and removals (deleted, or deactivated when they own
// events).
import {
  emailConfirmedSchema,
  labViewSchema,
  managedUserListSchema,
  managedUserSchema,
  type ProfileFormInput,
  roleListSchema,
  type UserCreateInput,
  type UserUpdateInput,
  userGroupSchema,
  userRemovalSchema,
  usersRemovalSchema,
} from '@lablive/domain';
import { z } from 'zod';
import { authorizedCalls, carried } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createUsersAdminApi(transport: Transport) {
  const { get, send } = authorizedCalls(transport);
  return {
    user: (userId: number, options?: RequestOptions) =>
      get(`/api/users/${userId}`, managedUserSchema, options),
    /** The profile saved; a new e-mail comes back as `pending_email` until its link is followed. */
    updateUser: (userId: number, profile: ProfileFormInput, options?: RequestOptions) =>
      send('PUT', `/api/users/${userId}`, profile, managedUserSchema, options),
    /** The link mailed to a new sign-in address, followed (no sign-in needed: the link is the proof). */
    confirmEmail: (token: string, options: RequestOptions = {}) =>
      transport.json(
        {
          method: 'POST',
          path: `/api/confirm-email/${encodeURIComponent(token)}`,
          auth: false,
          signal: options.signal,
        },
        emailConfirmedSchema,
      ),
    lab: (labId: number, options?: RequestOptions) => get(`/api/labs/${labId}`, labViewSchema, options),

    /** The caller's lab's users in id order (the spec's call); the deactivated ones when asked for. */
    users: (labId: number, query: { includeDeactivated?: boolean } = {}, options?: RequestOptions) =>
      get(
        `/api/users?lab_id=${labId}&_sort=id:ASC${query.includeDeactivated ? '&include_deactivated=true' : ''}`,
        managedUserListSchema,
        options,
      ),
    roles: (options?: RequestOptions) => get('/api/roles', roleListSchema, options),
    /** The lab's groups as the user panel offers them (GET groups: their id, name and colour). */
    groups: (options?: RequestOptions) => get('/api/groups', z.array(userGroupSchema), options),
    /** A new user of the lab; they receive a mail to set their own password. */
    createUser: (user: UserCreateInput, options?: RequestOptions) =>
      send('POST', '/api/users', user, managedUserSchema, options),
    /**
     * A manager's edit: the account, its roles, permissions, groups and whether it is active (a change of
     * roles, permissions or activity needs `options.reason`).
     */
    editUser: (userId: number, user: UserUpdateInput, options?: RequestOptions) =>
      send('PUT', `/api/users/${userId}`, user, managedUserSchema, options),
    /** Deleted, or deactivated when the user owns events: the answer says which (`options.reason` needed). */
    removeUser: (userId: number, options: RequestOptions = {}) =>
      transport.json(
        { method: 'DELETE', path: `/api/users/${userId}`, auth: true, ...carried(options) },
        userRemovalSchema,
      ),
    removeUsers: (ids: readonly number[], options?: RequestOptions) =>
      send('POST', '/api/users/delete-multiple', { ids }, usersRemovalSchema, options),
  };
}

export type UsersAdminApi = ReturnType<typeof createUsersAdminApi>;
