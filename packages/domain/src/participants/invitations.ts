// Event invitations (back-office spec, sections 3 and 7): a participant's personal invitation to an
// event, with the room and role it gives them. The mailed link carries a token the API never shows.
import { z } from 'zod';
import { EVENT_ROLES } from '../auth/access.ts';
import { idSchema } from '../shared/ids.ts';

const id = z.number().int().positive();

export const eventInvitationSchema = z.object({
  id: z.number(),
  participant: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  event: z.number(),
  room_id: z.object({ id: z.number() }).nullable(),
  role: z.enum(EVENT_ROLES),
  created_at: z.string(),
});
export type EventInvitationView = z.infer<typeof eventInvitationSchema>;

/** The answer to a creation: the invitation, and whether its mail left (it stays created either way). */
export const createdEventInvitationSchema = eventInvitationSchema.extend({ mailed: z.boolean() });

export const createEventInvitationRequestSchema = z.object({
  participant: id,
  event: id,
  room_id: id.nullish(),
  role: z.enum(EVENT_ROLES).default('participant'),
});
export type CreateEventInvitationRequest = z.infer<typeof createEventInvitationRequestSchema>;

export const eventInvitationsQuerySchema = z.object({
  event: idSchema.optional(),
  participant: idSchema.optional(),
});
