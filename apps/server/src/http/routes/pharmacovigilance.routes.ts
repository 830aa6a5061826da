// POST pharmacovigilance-report: a participant files an adverse-reaction report from a live room. It is
// stored first, then mailed to every active receiver of the lab once the row is committed, and the
// reporter is sent its reference (pharmacovigilance/pharmacovigilanceService.ts).
import { pharmacovigilanceReportCreatedSchema, pharmacovigilanceReportRequestSchema } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { PharmacovigilanceService } from '../../pharmacovigilance/pharmacovigilanceService.ts';

export async function pharmacovigilanceRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; pharmacovigilance: PharmacovigilanceService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, pharmacovigilance } = options;

  app.post(
    '/pharmacovigilance-report',
    {
      schema: {
        body: pharmacovigilanceReportRequestSchema,
        response: { 201: pharmacovigilanceReportCreatedSchema },
      },
    },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      const filed = await pharmacovigilance.fileReport(caller, request.body, request.log);
      return reply.status(201).send(filed);
    },
  );
}
