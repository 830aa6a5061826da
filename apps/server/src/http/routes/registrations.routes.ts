// Registration for public events (issue 33, part 5). Who may call each is the access table's
// (apiRoutes.ts); what they do is the registration service's.
// - Staff who may change the event: its registration settings and form, its registrations (the list, as
//   CSV in the reader's language), approve or refuse a pending one, remove one; the funnel for whoever
//   reads the event's statistics.
// - The public page: the form of the event at a slug, a registration sent (slowed per client address, as
//   the other public calls that mail someone are); the links mailed to the guest: confirm, cancel.
import {
  idParamsSchema,
  publicRegistrationFormSchema,
  registrationDecisionSchema,
  registrationFunnelSchema,
  registrationListSchema,
  registrationOutcomeSchema,
  registrationRequestSchema,
  registrationSettingsSchema,
  registrationSettingsViewSchema,
  registrationTokenSchema,
  statsCsvQuerySchema,
  text,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { RegistrationService } from '../../registrations/registrationService.ts';
import { publicRoutes, type SignedInRoutes, signedInRoutes } from '../routeDeclarations.ts';
import { byId, callerAndId, idParams } from './routeHelpers.ts';

const registrationParams = idParamsSchema.extend({ registrationId: z.coerce.number().int().positive() });
const slugParams = z.object({ slug: text().min(1).max(200) });

type Options = {
  registrations: RegistrationService;
  authenticator: Authenticator;
  perAddressPerMinute: number;
};

export async function registrationsRoutes(instance: FastifyInstance, options: Options) {
  staffRoutes(signedInRoutes(instance, options.authenticator), options.registrations);
  guestRoutes(instance, options);
}

/** The event's registration for who may change it (the funnel: its statistics' readers). */
function staffRoutes(route: SignedInRoutes, registrations: RegistrationService) {
  route.get(
    '/events/:id/registration',
    byId({ 200: registrationSettingsViewSchema }),
    callerAndId(registrations.settings),
  );
  route.put(
    '/events/:id/registration',
    { params: idParams, body: registrationSettingsSchema, response: { 200: registrationSettingsViewSchema } },
    (caller, request) => registrations.saveSettings(caller, request.params.id, request.body),
  );
  route.get(
    '/events/:id/registrations',
    byId({ 200: registrationListSchema }),
    callerAndId(registrations.list),
  );
  route.get(
    '/events/:id/registrations.csv',
    { params: idParams, querystring: statsCsvQuerySchema, response: { 200: z.string() } },
    async (caller, request, reply) => {
      const csv = await registrations.csv(
        caller,
        request.params.id,
        request.query.locale ?? caller.user.locale,
      );
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="registrations-${request.params.id}.csv"`);
      return csv;
    },
  );
  route.post(
    '/events/:id/registrations/:registrationId/decision',
    {
      params: registrationParams,
      body: registrationDecisionSchema,
      response: { 200: registrationOutcomeSchema },
    },
    (caller, request) =>
      registrations.decide(caller, request.params.id, request.params.registrationId, request.body),
  );
  route.post(
    '/events/:id/registrations/:registrationId/remove',
    { params: registrationParams, response: { 200: registrationOutcomeSchema } },
    (caller, request) => registrations.remove(caller, request.params.id, request.params.registrationId),
  );
  route.get(
    '/events/:id/registration-funnel',
    byId({ 200: registrationFunnelSchema }),
    callerAndId(registrations.funnel),
  );
}

/** The public page's form and registration, and the links mailed to the guest. */
function guestRoutes(instance: FastifyInstance, { registrations, perAddressPerMinute }: Options) {
  const open = publicRoutes(instance);
  open.get(
    '/eventInfo/by-slug/:slug/registration',
    { params: slugParams, response: { 200: publicRegistrationFormSchema } },
    (request) => registrations.publicForm(request.params.slug),
  );
  const slowed = publicRoutes(instance, {
    rateLimit: { max: perAddressPerMinute, timeWindow: 60_000 },
  });
  slowed.post(
    '/eventInfo/by-slug/:slug/registrations',
    {
      description:
        'Registers for a public event: the answers are checked against its form and the required consents must be ticked. Stored unconfirmed; the link that confirms it is mailed to the address given.',
      params: slugParams,
      body: registrationRequestSchema,
      response: { 202: z.object({ status: z.literal('unconfirmed') }) },
    },
    async (request, reply) => {
      const answer = await registrations.register(request.params.slug, request.body);
      reply.status(202);
      return answer;
    },
  );
  slowed.post(
    '/registrations/confirm',
    { body: registrationTokenSchema, response: { 200: registrationOutcomeSchema } },
    (request) => registrations.confirm(request.body.token),
  );
  slowed.post(
    '/registrations/cancel',
    { body: registrationTokenSchema, response: { 200: registrationOutcomeSchema } },
    (request) => registrations.cancel(request.body.token),
  );
}
