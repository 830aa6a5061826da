// The consent calls (issue 33, part 1): the back office's texts (the consents page), what a public event
// asks before entering (no sign-in), and a guest's own consents, accepted and withdrawn on their event
// page. One module, made on the transport by whoever needs it: the entry and event pages on the guests'
// client, the consents page in the back office's chunk.
import {
  type AcceptConsentsRequest,
  askedConsentsSchema,
  type ConsentForm,
  type ConsentKind,
  labConsentSchema,
  labConsentsSchema,
  myConsentsSchema,
} from '@lablive/domain';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createConsentsApi(transport: Transport) {
  const calls = authorizedCalls(transport);
  return {
    /** The lab's consents, each with every version (newest first). */
    list: (options?: RequestOptions) => calls.get('/api/consents', labConsentsSchema, options),
    /** A kind written or edited: a new version when its words or being required change. */
    write: (kind: ConsentKind, form: ConsentForm, options?: RequestOptions) =>
      calls.send('PUT', `/api/consents/${kind}`, form, labConsentSchema, options),
    /** What the public event at this slug asks before entering. */
    askedBySlug: (slug: string, { signal }: RequestOptions = {}) =>
      transport.json(
        {
          method: 'GET',
          path: `/api/eventInfo/by-slug/${encodeURIComponent(slug)}/consents`,
          auth: false,
          signal,
        },
        askedConsentsSchema,
      ),
    /** The signed-in guest's consents: asked, given (with the words accepted), missing. */
    mine: (options?: RequestOptions) => calls.get('/api/my-consents', myConsentsSchema, options),
    accept: (request: AcceptConsentsRequest, options?: RequestOptions) =>
      calls.send('POST', '/api/my-consents', request, myConsentsSchema, options),
    withdraw: (recordId: number, options?: RequestOptions) =>
      calls.send('POST', `/api/my-consents/${recordId}/withdraw`, {}, myConsentsSchema, options),
  };
}

export type ConsentsApi = ReturnType<typeof createConsentsApi>;
