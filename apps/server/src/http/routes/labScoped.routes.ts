// Reads of lab-owned rows by id: GET labs/{id} and events/{id} (users/{id}: users.routes.ts). Every one
// is scoped to the caller's lab; another lab's row answers 404, exactly like a row that does not exist.
import { labEventDetailsSchema, labViewSchema } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { EventReads } from '../../events/eventReads.ts';
import type { LabViews } from '../../labs/labView.ts';
import { idParams } from './routeHelpers.ts';

export async function labScopedRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; labs: LabViews; eventReads: EventReads },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, labs, eventReads } = options;

  app.get('/labs/:id', { schema: { params: idParams, response: { 200: labViewSchema } } }, async (request) =>
    labs.view((await authenticator.authenticate(request)).principal, request.params.id),
  );

  app.get(
    '/events/:id',
    { schema: { params: idParams, response: { 200: labEventDetailsSchema } } },
    async (request) =>
      eventReads.details((await authenticator.authenticate(request)).principal, request.params.id),
  );
}
