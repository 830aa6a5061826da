// The back office's pharmacovigilance calls (back-office spec 2.9 and 7): the lab's receivers (the
// E-mails tab) and its reports (the Reports tab, a report's page and its PDF). Who may call them is the
// access table's (manage pharmacovigilance, module pharmacovigilance); what they do is the service's.
import {
  createReceiversRequestSchema,
  idsRequestSchema,
  noContentSchema,
  pharmacovigilanceReceiverSchema,
  removedCountSchema,
  reportDetailSchema,
  reportListQuerySchema,
  reportListResponseSchema,
  updateReceiverRequestSchema,
} from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import { attachmentDisposition } from '../../files/files.ts';
import type { PharmacovigilanceService } from '../../pharmacovigilance/pharmacovigilanceService.ts';
import { idParams } from './routeHelpers.ts';

type PharmacovigilanceAdminOptions = {
  authenticator: Authenticator;
  pharmacovigilance: PharmacovigilanceService;
};

export async function pharmacovigilanceAdminRoutes(
  instance: FastifyInstance,
  options: PharmacovigilanceAdminOptions,
) {
  receiverRoutes(instance, options);
  reportRoutes(instance, options);
}

/** The lab's receivers: listed, added, changed, removed one or several at a time. */
function receiverRoutes(instance: FastifyInstance, options: PharmacovigilanceAdminOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, pharmacovigilance } = options;
  const principalOf = async (request: FastifyRequest) =>
    (await authenticator.authenticate(request)).principal;

  app.get(
    '/pharmacovigilance-receiver',
    { schema: { response: { 200: z.array(pharmacovigilanceReceiverSchema) } } },
    async (request) => pharmacovigilance.listReceivers(await principalOf(request)),
  );

  app.post(
    '/pharmacovigilance-receiver',
    {
      schema: {
        body: createReceiversRequestSchema,
        response: { 201: z.array(pharmacovigilanceReceiverSchema) },
      },
    },
    async (request, reply) => {
      const added = await pharmacovigilance.addReceivers(await principalOf(request), request.body);
      return reply.status(201).send(added);
    },
  );

  app.put(
    '/pharmacovigilance-receiver/:id',
    {
      schema: {
        params: idParams,
        body: updateReceiverRequestSchema,
        response: { 200: pharmacovigilanceReceiverSchema },
      },
    },
    async (request) =>
      pharmacovigilance.changeReceiver(await principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/pharmacovigilance-receiver/:id',
    { schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await pharmacovigilance.removeReceiver(await principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/pharmacovigilance-remove-receivers',
    { schema: { body: idsRequestSchema, response: { 200: removedCountSchema } } },
    async (request) => pharmacovigilance.removeReceivers(await principalOf(request), request.body),
  );
}

/** The lab's reports: listed, read, printed as a PDF, archived one or several at a time. */
function reportRoutes(instance: FastifyInstance, options: PharmacovigilanceAdminOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, pharmacovigilance } = options;
  const principalOf = async (request: FastifyRequest) =>
    (await authenticator.authenticate(request)).principal;

  app.get(
    '/pharmacovigilance-report',
    { schema: { querystring: reportListQuerySchema, response: { 200: reportListResponseSchema } } },
    async (request) => pharmacovigilance.listReports(await principalOf(request), request.query),
  );

  app.get(
    '/pharmacovigilance-report/:id',
    { schema: { params: idParams, response: { 200: reportDetailSchema } } },
    async (request) => pharmacovigilance.report(await principalOf(request), request.params.id),
  );

  app.get(
    '/pharmacovigilance-report/:id/pdf',
    // The PDF itself: no JSON to describe.
    { schema: { params: idParams, response: { 200: z.unknown().describe('The report as a PDF') } } },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      // Labelled in the reader's language.
      const { reference, pdf } = await pharmacovigilance.reportPdf(
        caller.principal,
        request.params.id,
        caller.user.locale,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(reference, 'pdf'))
        .send(pdf);
    },
  );

  app.delete(
    '/pharmacovigilance-report/:id',
    { schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await pharmacovigilance.archiveReport(await principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/pharmacovigilance-report/delete-multiple',
    { schema: { body: idsRequestSchema, response: { 200: removedCountSchema } } },
    async (request) => pharmacovigilance.archiveReports(await principalOf(request), request.body),
  );
}
