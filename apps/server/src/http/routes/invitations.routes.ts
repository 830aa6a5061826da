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
import { z } from 'zod';
import type { InvitationService } from '../../invitations/invitationService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';

export const invitationsRoutes = signedInPlugin(
  (route, { invitations }: { invitations: InvitationService }) => {
    route.get(
      '/event-invitations',
      { querystring: eventInvitationsQuerySchema, response: { 200: z.array(eventInvitationSchema) } },
      (caller, request) => invitations.list(caller, request.query),
    );

    route.post(
      '/event-invitations',
      { body: createEventInvitationRequestSchema, response: { 201: createdEventInvitationSchema } },
      async (caller, request) => {
        const { invitation, mailed } = await invitations.invite(caller, request.body, request.log);
        return { ...invitation, mailed };
      },
    );
  },
);
