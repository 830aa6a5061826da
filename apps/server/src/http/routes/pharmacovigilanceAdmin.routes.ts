// The back office's pharmacovigilance calls (back-office spec 2.9 and 7): the lab's receivers (the
// E-mails tab) and its reports (the Reports tab, a report's page and its PDF). Who may call them is the
// access table's (manage pharmacovigilance, module pharmacovigilance); what they do is the service's.
import {
  createReceiversRequestSchema,
  pharmacovigilanceReceiverSchema,
  reportDetailSchema,
  reportListQuerySchema,
  reportListResponseSchema,
  updateReceiverRequestSchema,
} from '@lablive/domain';
import { z } from 'zod';
import { attachmentDisposition } from '../../files/files.ts';
import type { PharmacovigilanceService } from '../../pharmacovigilance/pharmacovigilanceService.ts';
import { type SignedInRoutes, signedInPlugin } from '../routeDeclarations.ts';
import { byId, idParams, principalAndId, removalRoutes } from './routeHelpers.ts';

export const pharmacovigilanceAdminRoutes = signedInPlugin(
  (route, { pharmacovigilance }: { pharmacovigilance: PharmacovigilanceService }) => {
    receiverRoutes(route, pharmacovigilance);
    reportRoutes(route, pharmacovigilance);
  },
);

/** The lab's receivers: listed, added, changed, removed one or several at a time. */
function receiverRoutes(route: SignedInRoutes, pharmacovigilance: PharmacovigilanceService) {
  route.get(
    '/pharmacovigilance-receiver',
    { response: { 200: z.array(pharmacovigilanceReceiverSchema) } },
    ({ principal }) => pharmacovigilance.listReceivers(principal),
  );

  route.post(
    '/pharmacovigilance-receiver',
    { body: createReceiversRequestSchema, response: { 201: z.array(pharmacovigilanceReceiverSchema) } },
    ({ principal }, request) => pharmacovigilance.addReceivers(principal, request.body),
  );

  route.put(
    '/pharmacovigilance-receiver/:id',
    {
      params: idParams,
      body: updateReceiverRequestSchema,
      response: { 200: pharmacovigilanceReceiverSchema },
    },
    ({ principal }, request) => pharmacovigilance.changeReceiver(principal, request.params.id, request.body),
  );

  removalRoutes(
    route,
    { one: '/pharmacovigilance-receiver/:id', many: '/pharmacovigilance-remove-receivers' },
    { one: pharmacovigilance.removeReceiver, many: pharmacovigilance.removeReceivers },
  );
}

/** The lab's reports: listed, read, printed as a PDF, archived one or several at a time. */
function reportRoutes(route: SignedInRoutes, pharmacovigilance: PharmacovigilanceService) {
  route.get(
    '/pharmacovigilance-report',
    { querystring: reportListQuerySchema, response: { 200: reportListResponseSchema } },
    ({ principal }, request) => pharmacovigilance.listReports(principal, request.query),
  );

  route.get(
    '/pharmacovigilance-report/:id',
    byId({ 200: reportDetailSchema }),
    principalAndId(pharmacovigilance.report),
  );

  route.get(
    '/pharmacovigilance-report/:id/pdf',
    // The PDF itself: no JSON to describe.
    { params: idParams, response: { 200: z.unknown().describe('The report as a PDF') } },
    async (caller, request, reply) => {
      // Labelled in the reader's language.
      const { reference, pdf } = await pharmacovigilance.reportPdf(
        caller,
        request.params.id,
        caller.user.locale,
      );
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(reference, 'pdf'));
      return pdf;
    },
  );

  removalRoutes(
    route,
    { one: '/pharmacovigilance-report/:id', many: '/pharmacovigilance-report/delete-multiple' },
    { one: pharmacovigilance.archiveReport, many: pharmacovigilance.archiveReports },
  );
}
