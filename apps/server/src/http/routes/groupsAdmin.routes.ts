// The back office's group calls (back-office spec 2.8 and 7): the lab's groups listed (GET groups, and
// GET groups?lab_id=), created, edited, deleted one or several at once, and what the panel offers to put
// in a group (GET groups/choices). Who may call them is the access table's (manage users); what they do
// is the group service's. A group's picture is set with POST upload (uploads.routes.ts).
import {
  groupChoicesSchema,
  groupFormSchema,
  groupSchema,
  groupsQuerySchema,
  idsRequestSchema,
  noContentSchema,
  removedCountSchema,
} from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { GroupService } from '../../groups/groupService.ts';
import { idParams } from './routeHelpers.ts';

export async function groupsAdminRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; groups: GroupService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, groups } = options;
  const principalOf = async (request: FastifyRequest) =>
    (await authenticator.authenticate(request)).principal;

  app.get(
    '/groups',
    { schema: { querystring: groupsQuerySchema, response: { 200: z.array(groupSchema) } } },
    async (request) => groups.list(await principalOf(request), request.query.lab_id),
  );

  app.get('/groups/choices', { schema: { response: { 200: groupChoicesSchema } } }, async (request) =>
    groups.choices(await principalOf(request)),
  );

  app.post(
    '/groups',
    { schema: { body: groupFormSchema, response: { 201: groupSchema } } },
    async (request, reply) => {
      const created = await groups.create(await principalOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/groups/:id',
    { schema: { params: idParams, body: groupFormSchema, response: { 200: groupSchema } } },
    async (request) => groups.update(await principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/groups/:id',
    { schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await groups.remove(await principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/groups/delete-multiple',
    { schema: { body: idsRequestSchema, response: { 200: removedCountSchema } } },
    async (request) => groups.removeMany(await principalOf(request), request.body),
  );
}
