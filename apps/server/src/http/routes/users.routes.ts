// GET users/{id} and PUT users/{id} (back-office spec 2.12 and 7): a user's account, read and edited by
// themselves (the profile page) or by a colleague who manages users. What each may do is the service's.
import { labUserSchema, profileFormSchema } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { UserService } from '../../users/userService.ts';
import { idParams } from './routeHelpers.ts';

export async function usersRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; users: UserService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, users } = options;

  app.get(
    '/users/:id',
    { schema: { params: idParams, response: { 200: labUserSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return users.read(principal, request.params.id);
    },
  );

  app.put(
    '/users/:id',
    { schema: { params: idParams, body: profileFormSchema, response: { 200: labUserSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return users.updateProfile(principal, request.params.id, request.body);
    },
  );
}
