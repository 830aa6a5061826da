// What the event form offers (back-office spec, section 7, "Medias and scheduling"): the mail templates
// of a media, and the days blocked by platform deployments, which super-admins keep. The lab's medias
// themselves are listed by mediasAdmin.routes.ts.
import {
  deploymentSchedulerSchema,
  emailTemplateSchema,
  emailTemplatesQuerySchema,
  noContentSchema,
} from '@lablive/domain';
import { z } from 'zod';
import type { PlanningService } from '../../events/planningService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, principalAndId } from './routeHelpers.ts';

const blockDayRequestSchema = z.strictObject({
  date: z.iso.date({ error: 'must be a day written YYYY-MM-DD' }),
});

export const planningRoutes = signedInPlugin((route, { planning }: { planning: PlanningService }) => {
  route.get(
    '/email-templates',
    { querystring: emailTemplatesQuerySchema, response: { 200: z.array(emailTemplateSchema) } },
    ({ principal }, request) => planning.emailTemplates(principal, request.query.media),
  );

  route.get('/deployment-schedulers', { response: { 200: z.array(deploymentSchedulerSchema) } }, () =>
    planning.blockedDays(),
  );

  route.post(
    '/deployment-schedulers',
    { body: blockDayRequestSchema, response: { 201: deploymentSchedulerSchema } },
    ({ principal }, request) => planning.blockDay(principal, request.body.date),
  );

  route.delete(
    '/deployment-schedulers/:id',
    byId({ 204: noContentSchema }),
    principalAndId(planning.unblockDay),
  );
});
