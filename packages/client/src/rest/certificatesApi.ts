// The attendance certificates' calls (issue 33, part 6): an event's rules and who qualified (the back
// office), a guest's own certificate and its PDF (their event page), and the public check of a code (no
// sign-in). Every answer is parsed with the domain's schema; the PDF comes under the server's name.
import {
  type CertificateRules,
  certificateRulesViewSchema,
  certificateVerificationSchema,
  eventCertificatesSchema,
  issuedCertificateSchema,
  myCertificateSchema,
} from '@lablive/domain';
import { authorizedCalls } from './authorizedCalls.ts';
import type { DownloadedFile } from './contentDisposition.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createCertificatesApi(transport: Transport) {
  const { get, send, downloadNamed } = authorizedCalls(transport);
  return {
    /** The event's rules, and whether they are locked (the event has started). */
    rules: (eventId: number, options?: RequestOptions) =>
      get(`/api/events/${eventId}/certificate-rules`, certificateRulesViewSchema, options),
    setRules: (eventId: number, rules: CertificateRules, options?: RequestOptions) =>
      send('PUT', `/api/events/${eventId}/certificate-rules`, rules, certificateRulesViewSchema, options),
    /** Who qualified and who did not, and why, with each one's certificate. */
    standings: (eventId: number, options?: RequestOptions) =>
      get(`/api/events/${eventId}/certificates`, eventCertificatesSchema, options),
    /** Revokes a certificate; `options.reason` is required (the audit trail's). */
    revoke: (eventId: number, certificateId: number, options: RequestOptions) =>
      send(
        'POST',
        `/api/events/${eventId}/certificates/${certificateId}/revoke`,
        {},
        issuedCertificateSchema,
        options,
      ),
    /** The signed-in guest's certificate for their event. */
    mine: (eventId: number, options?: RequestOptions) =>
      get(`/api/events/${eventId}/my-certificate`, myCertificateSchema, options),
    /** Their certificate as a PDF, in their language. */
    myPdf: (eventId: number, options?: RequestOptions): Promise<DownloadedFile> =>
      downloadNamed(`/api/events/${eventId}/my-certificate/pdf`, options),
    /** What a code's certificate attests, for anyone; a code no certificate has is refused (404). */
    verify: (code: string, { signal }: RequestOptions = {}) =>
      transport.json(
        { method: 'GET', path: `/api/certificates/verify/${encodeURIComponent(code)}`, auth: false, signal },
        certificateVerificationSchema,
      ),
  };
}

export type CertificatesApi = ReturnType<typeof createCertificatesApi>;
