// The users calls (back-office spec 2.8, 2.12 and 7): a user's account, read and edited by themselves
// (the profile page) or by a colleague who manages users (GET and PUT users/{id}); the lab's users
// (GET users?lab_id={id}&_sort=id:ASC), a new one (POST users: they receive a mail to set their
// password), their removal (DELETE users/{id}, POST users/delete-multiple: deleted, or deactivated when
// they own events), the roles one can give (GET roles), and the confirmation of a new sign-in address
// (POST confirm-email/{token}). Who may call them is the access table's; what
// each may do is the service's.
import {
  emailConfirmedSchema,
  idsRequestSchema,
  managedUserListSchema,
  managedUserSchema,
  roleListSchema,
  userCreateSchema,
  userListQuerySchema,
  userRemovalSchema,
  usersRemovalSchema,
  userUpdateSchema,
} from '@lablive/domain';
import { z } from 'zod';
import type { UserService } from '../../users/userService.ts';
import { publicRoutes, signedInPlugin } from '../routeDeclarations.ts';
import { byId, idParams, principalAndId } from './routeHelpers.ts';

// 256 random bits, base64url: guessing one is hopeless, so the call needs no rate limit of its own.
const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const usersRoutes = signedInPlugin((route, { users }: { users: UserService }, scope) => {
  route.get(
    '/users',
    { querystring: userListQuerySchema, response: { 200: managedUserListSchema } },
    ({ principal }, request) => users.list(principal, request.query),
  );

  route.get('/roles', { response: { 200: roleListSchema } }, () => users.roles());

  route.post('/users', { body: userCreateSchema, response: { 201: managedUserSchema } }, (caller, request) =>
    users.create(caller, request.body),
  );

  route.get('/users/:id', byId({ 200: managedUserSchema }), principalAndId(users.read));

  route.put(
    '/users/:id',
    { params: idParams, body: userUpdateSchema, response: { 200: managedUserSchema } },
    (caller, request) => users.update(caller, request.params.id, request.body),
  );

  // The link mailed to a new sign-in address (public: whoever opens it proves the address).
  publicRoutes(scope).post(
    '/confirm-email/:token',
    { params: tokenParams, response: { 200: emailConfirmedSchema } },
    (request) => users.confirmEmail(request.params.token),
  );

  route.delete('/users/:id', byId({ 200: userRemovalSchema }), principalAndId(users.removeOne));

  route.post(
    '/users/delete-multiple',
    { body: idsRequestSchema, response: { 200: usersRemovalSchema } },
    ({ principal }, request) => users.removeMany(principal, request.body.ids),
  );
});
