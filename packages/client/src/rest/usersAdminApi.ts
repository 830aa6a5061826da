// The REST calls about back-office users and their lab (back-office spec 2.12 and 7): a user's account,
// its changes (the profile page), and the lab as the user may see it (its plan, for those who may).
import { labUserSchema, labViewSchema, type ProfileFormInput } from '@lablive/domain';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createUsersAdminApi(transport: Transport) {
  const { get, send } = authorizedCalls(transport);
  return {
    user: (userId: number, options?: RequestOptions) => get(`/api/users/${userId}`, labUserSchema, options),
    updateUser: (userId: number, profile: ProfileFormInput, options?: RequestOptions) =>
      send('PUT', `/api/users/${userId}`, profile, labUserSchema, options),
    lab: (labId: number, options?: RequestOptions) => get(`/api/labs/${labId}`, labViewSchema, options),
  };
}

export type UsersAdminApi = ReturnType<typeof createUsersAdminApi>;
