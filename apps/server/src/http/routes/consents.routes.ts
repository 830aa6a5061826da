// Consent calls (issue 33, part 1). Who may call each is the access table's (apiRoutes.ts); what they
// do is the consent service's.
// - The back office: the lab's consents with every version (GET consents), a kind written or edited
//   (PUT consents/{kind}: a new version when its words or being required change).
// - The public page: what the event at a slug asks before entering (public, like its card).
// - A guest: their consents (asked, given with the exact text, missing), accepted on their event page,
//   withdrawn one at a time.
import {
  acceptConsentsSchema,
  askedConsentsSchema,
  consentFormSchema,
  consentKindParamsSchema,
  idParamsSchema,
  labConsentSchema,
  labConsentsSchema,
  myConsentsSchema,
  text,
} from '@lablive/domain';
import { z } from 'zod';
import type { ConsentService } from '../../consents/consentService.ts';
import { publicRoutes, signedInPlugin } from '../routeDeclarations.ts';

export const consentsRoutes = signedInPlugin((route, { consents }: { consents: ConsentService }, scope) => {
  route.get('/consents', { response: { 200: labConsentsSchema } }, ({ principal }) =>
    consents.list(principal),
  );

  route.put(
    '/consents/:kind',
    { params: consentKindParamsSchema, body: consentFormSchema, response: { 200: labConsentSchema } },
    (caller, request) => consents.write(caller, request.params.kind, request.body),
  );

  publicRoutes(scope).get(
    '/eventInfo/by-slug/:slug/consents',
    { params: z.object({ slug: text().min(1).max(200) }), response: { 200: askedConsentsSchema } },
    (request) => consents.askedBySlug(request.params.slug),
  );

  route.get('/my-consents', { response: { 200: myConsentsSchema } }, (caller) => consents.mine(caller));

  route.post(
    '/my-consents',
    { body: acceptConsentsSchema, response: { 200: myConsentsSchema } },
    (caller, request) => consents.accept(caller, request.body),
  );

  route.post(
    '/my-consents/:id/withdraw',
    { params: idParamsSchema, response: { 200: myConsentsSchema } },
    (caller, request) => consents.withdraw(caller, request.params.id, request.id),
  );
});
