// The attendance certificates' calls (issue 33, part 6): an event's rules (read, and set until the event
// starts), who qualified (the statistics' audience), a certificate revoked with a reason, the caller's own
// certificate and its PDF, and the public check of a code, slowed per client address as the other public
// calls that answer about a secret are. Who may call is the access table's; what they do is the service's.
import {
  certificateCodeParamsSchema,
  certificateRevokeParamsSchema,
  certificateRulesSchema,
  certificateRulesViewSchema,
  certificateVerificationSchema,
  eventCertificatesSchema,
  issuedCertificateSchema,
  myCertificateSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { CertificateService } from '../../certificates/certificateService.ts';
import { attachmentDisposition } from '../../files/files.ts';
import { publicRoutes, signedInRoutes } from '../routeDeclarations.ts';
import { byId, callerAndId, idParams } from './routeHelpers.ts';

export async function certificatesRoutes(
  instance: FastifyInstance,
  options: { certificates: CertificateService; authenticator: Authenticator; perAddressPerMinute: number },
) {
  const { certificates } = options;
  const route = signedInRoutes(instance, options.authenticator);

  route.get(
    '/events/:id/certificate-rules',
    byId({ 200: certificateRulesViewSchema }),
    callerAndId(certificates.rules),
  );
  route.put(
    '/events/:id/certificate-rules',
    {
      description:
        "Sets the event's attendance certificate rules. Refused with 409 once the event has started: the rules participants were held to cannot change under them.",
      params: idParams,
      body: certificateRulesSchema,
      response: { 200: certificateRulesViewSchema },
    },
    (caller, request) => certificates.setRules(caller, request.params.id, request.body),
  );
  route.get(
    '/events/:id/certificates',
    byId({ 200: eventCertificatesSchema }),
    callerAndId(certificates.standings),
  );
  route.post(
    '/events/:id/certificates/:certificateId/revoke',
    { params: certificateRevokeParamsSchema, response: { 200: issuedCertificateSchema } },
    (caller, request) => certificates.revoke(caller, request.params.id, request.params.certificateId),
  );
  route.get('/events/:id/my-certificate', byId({ 200: myCertificateSchema }), callerAndId(certificates.mine));
  route.get(
    '/events/:id/my-certificate/pdf',
    // The PDF itself: no JSON to describe.
    { params: idParams, response: { 200: z.unknown().describe("The caller's certificate as a PDF") } },
    async (caller, request, reply) => {
      const { fileName, pdf } = await certificates.myPdf(caller, request.params.id);
      const [name = fileName, extension = 'pdf'] = fileName.split('.');
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(name, extension));
      return pdf;
    },
  );

  publicRoutes(instance, { rateLimit: { max: options.perAddressPerMinute, timeWindow: 60_000 } }).get(
    '/certificates/verify/:code',
    {
      description:
        'Checks an attendance certificate by its verification code (any case, with or without dashes): valid or revoked, with the name, the event, when it was held and the minutes present; 404 for a code no certificate has.',
      params: certificateCodeParamsSchema,
      response: { 200: certificateVerificationSchema },
    },
    (request) => certificates.verify(request.params.code),
  );
}
