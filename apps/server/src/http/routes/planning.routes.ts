// What the event form offers (back-office spec, section 7, "Medias and scheduling"): the mail templates
// of a media, and the days blocked by platform deployments, which super-admins keep. The lab's medias
// themselves are listed by mediasAdmin.routes.ts.
import {
  deploymentSchedulerSchema,
  emailTemplateSchema,
  emailTemplatesQuerySchema,
  forbidden,
  noContentSchema,
  notFound,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../../access/caller.ts';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Db } from '../../db/connection.ts';
import { blockDay, listBlockedDays, unblockDay } from '../../events/deploymentSchedulers.repository.ts';
import { listEmailTemplates } from '../../mail/mediaTemplates.ts';
import { idParams } from './routeHelpers.ts';

const blockDayRequestSchema = z.strictObject({
  date: z.iso.date({ error: 'must be a day written YYYY-MM-DD' }),
});

function requireSuperAdmin(caller: Caller) {
  const { principal } = caller;
  if (principal.kind !== 'user' || !principal.roles.includes('super-admin')) {
    throw forbidden('Only super-admins block or free deployment days.');
  }
}

export async function planningRoutes(
  instance: FastifyInstance,
  options: { db: Db; authenticator: Authenticator },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator } = options;

  app.get(
    '/email-templates',
    { schema: { querystring: emailTemplatesQuerySchema, response: { 200: z.array(emailTemplateSchema) } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return listEmailTemplates(db, principal.labId, request.query.media);
    },
  );

  app.get(
    '/deployment-schedulers',
    { schema: { response: { 200: z.array(deploymentSchedulerSchema) } } },
    async (request) => {
      await authenticator.authenticate(request);
      return listBlockedDays(db);
    },
  );

  app.post(
    '/deployment-schedulers',
    { schema: { body: blockDayRequestSchema, response: { 201: deploymentSchedulerSchema } } },
    async (request, reply) => {
      requireSuperAdmin(await authenticator.authenticate(request));
      return reply.status(201).send(await blockDay(db, request.body.date));
    },
  );

  app.delete(
    '/deployment-schedulers/:id',
    { schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      requireSuperAdmin(await authenticator.authenticate(request));
      if (!(await unblockDay(db, request.params.id))) throw notFound('deployment day', request.params.id);
      return reply.status(204).send(null);
    },
  );
}
