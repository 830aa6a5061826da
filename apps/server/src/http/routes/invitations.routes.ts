// Event invitations: GET event-invitations?event=&participant= (managers, or a participant reading
// their own) and POST event-invitations (managers): the invitation, a single-use link token, and the
// mail carrying `${PUBLIC_URL}/?invitation=<token>`. What each does is the invitation service's
// (invitations/invitationService.ts).
import {
  createdEventInvitationSchema,
  createEventInvitationRequestSchema,
  eventInvitationSchema,
  eventInvitationsQuerySchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { InvitationService } from '../../invitations/invitationService.ts';

export type InvitationsRoutesOptions = { authenticator: Authenticator; invitations: InvitationService };

export async function invitationsRoutes(instance: FastifyInstance, options: InvitationsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, invitations } = options;

  app.get(
    '/event-invitations',
    {
      schema: { querystring: eventInvitationsQuerySchema, response: { 200: z.array(eventInvitationSchema) } },
    },
    async (request) => invitations.list(await authenticator.authenticate(request), request.query),
  );

  app.post(
    '/event-invitations',
    {
      schema: { body: createEventInvitationRequestSchema, response: { 201: createdEventInvitationSchema } },
    },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      const { invitation, mailed } = await invitations.invite(caller, request.body, request.log);
      return reply.status(201).send({ ...invitation, mailed });
    },
  );
}
