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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { UserService } from '../../users/userService.ts';
import { idParams } from './routeHelpers.ts';

// 256 random bits, base64url: guessing one is hopeless, so the call needs no rate limit of its own.
const tokenParams = z.object({ token: z.string().min(1).max(200) });

export async function usersRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; users: UserService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, users } = options;

  app.get(
    '/users',
    { schema: { querystring: userListQuerySchema, response: { 200: managedUserListSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return users.list(principal, request.query);
    },
  );

  app.get('/roles', { schema: { response: { 200: roleListSchema } } }, () => users.roles());

  app.post(
    '/users',
    { schema: { body: userCreateSchema, response: { 201: managedUserSchema } } },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      return reply.status(201).send(await users.create(caller, request.body));
    },
  );

  app.get(
    '/users/:id',
    { schema: { params: idParams, response: { 200: managedUserSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return users.read(principal, request.params.id);
    },
  );

  app.put(
    '/users/:id',
    { schema: { params: idParams, body: userUpdateSchema, response: { 200: managedUserSchema } } },
    async (request) => {
      return users.update(await authenticator.authenticate(request), request.params.id, request.body);
    },
  );

  // The link mailed to a new sign-in address (public: whoever opens it proves the address).
  app.post(
    '/confirm-email/:token',
    { schema: { params: tokenParams, response: { 200: emailConfirmedSchema } } },
    async (request) => users.confirmEmail(request.params.token),
  );

  app.delete(
    '/users/:id',
    { schema: { params: idParams, response: { 200: userRemovalSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return users.removeOne(principal, request.params.id);
    },
  );

  app.post(
    '/users/delete-multiple',
    { schema: { body: idsRequestSchema, response: { 200: usersRemovalSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return users.removeMany(principal, request.body.ids);
    },
  );
}
