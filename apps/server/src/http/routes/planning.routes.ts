// What the event form offers (back-office spec, section 7, "Medias and scheduling"): the mail templates
// of a media, and the days blocked by platform deployments, which super-admins keep. The lab's medias
// themselves are listed by mediasAdmin.routes.ts.
import {
  deploymentSchedulerSchema,
  emailTemplateSchema,
  emailTemplatesQuerySchema,
  noContentSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { PlanningService } from '../../events/planningService.ts';
import { idParams } from './routeHelpers.ts';

const blockDayRequestSchema = z.strictObject({
  date: z.iso.date({ error: 'must be a day written YYYY-MM-DD' }),
});

export async function planningRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; planning: PlanningService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, planning } = options;

  app.get(
    '/email-templates',
    { schema: { querystring: emailTemplatesQuerySchema, response: { 200: z.array(emailTemplateSchema) } } },
    async (request) =>
      planning.emailTemplates((await authenticator.authenticate(request)).principal, request.query.media),
  );

  app.get(
    '/deployment-schedulers',
    { schema: { response: { 200: z.array(deploymentSchedulerSchema) } } },
    async (request) => {
      await authenticator.authenticate(request);
      return planning.blockedDays();
    },
  );

  app.post(
    '/deployment-schedulers',
    { schema: { body: blockDayRequestSchema, response: { 201: deploymentSchedulerSchema } } },
    async (request, reply) => {
      const { principal } = await authenticator.authenticate(request);
      return reply.status(201).send(await planning.blockDay(principal, request.body.date));
    },
  );

  app.delete(
    '/deployment-schedulers/:id',
    { schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await planning.unblockDay((await authenticator.authenticate(request)).principal, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
