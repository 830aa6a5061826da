// Reads of lab-owned rows by id: GET labs/{id} and events/{id} (users/{id}: users.routes.ts). Every one
// is scoped to the caller's lab; another lab's row answers 404, exactly like a row that does not exist.
import { effectivePermissions, labEventDetailsSchema, labViewSchema, notFound } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findVisibleEvent } from '../../access/visibleEvents.ts';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Db } from '../../db/connection.ts';
import { findEventInLab } from '../../events/events.repository.ts';
import { findLab } from '../../labs/labs.repository.ts';
import { labViewFor } from '../../labs/labView.ts';
import { idParams } from './routeHelpers.ts';

export async function labScopedRoutes(
  instance: FastifyInstance,
  options: { db: Db; authenticator: Authenticator },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator } = options;

  app.get(
    '/labs/:id',
    { schema: { params: idParams, response: { 200: labViewSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      const lab = principal.labId === request.params.id ? await findLab(db, principal.labId) : undefined;
      if (!lab) throw notFound('lab', request.params.id);
      return labViewFor(lab, effectivePermissions(principal));
    },
  );

  app.get(
    '/events/:id',
    { schema: { params: idParams, response: { 200: labEventDetailsSchema } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      const event =
        (await findVisibleEvent(db, principal, request.params.id)) &&
        (await findEventInLab(db, principal.labId, request.params.id));
      if (!event) throw notFound('event', request.params.id);
      return event;
    },
  );
}
