// Participations (one per person and event) as the REST calls read and write them (live-room spec,
// sections 3 and 7; back-office spec, sections 2.5 and 7). The participant form uses the same schema.
import { z } from 'zod';
import { EVENT_ROLES } from '../auth/access.ts';
import { MESSAGES } from '../auth/messages.ts';
import { emailSchema } from '../auth/schemas.ts';
import { hasNoControlCharacters, SINGLE_LINE_MESSAGE } from '../documents/documents.ts';
import { idSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';
import { timeZoneSchema } from '../shared/timeZone.ts';

const id = z.number().int().positive();

export const participantSchema = z.object({
  id: z.number(),
  event_id: z.number(),
  lab_id: z.number(),
  user_id: z.number().nullable(),
  room_id: z.number().nullable(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(EVENT_ROLES),
  job: z.string().nullable(),
  location: z.string().nullable(),
  timezone: z.string().nullable(),
  created_at: z.string(),
});
export type ParticipantView = z.infer<typeof participantSchema>;

const trimmedText = (max: number) =>
  text()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

/** A name: one line, since it is written into the guest's mails (a line break would forge a line there). */
const nameText = (max: number) =>
  trimmedText(max).refine(hasNoControlCharacters, { error: SINGLE_LINE_MESSAGE });

export const createParticipantRequestSchema = z.object({
  event_id: id,
  user_id: id.nullish(),
  room_id: id.nullish(),
  email: emailSchema,
  timezone: timeZoneSchema.nullish(),
  /** Read from the event; a value sent here is ignored, never trusted. */
  lab_id: z.number().nullish(),
  name: nameText(200).optional(),
  first_name: nameText(100).optional(),
  last_name: nameText(100).optional(),
  role: z.enum(EVENT_ROLES).optional(),
  job: trimmedText(200).nullish(),
});
export type CreateParticipantRequest = z.infer<typeof createParticipantRequestSchema>;

/**
 * The participant form of the back office (back-office spec, sections 2.5 and 5): a manager adds or
 * edits a guest. The room is required when the event places its guests by hand; the server checks that.
 */
export const participantFormSchema = z.strictObject({
  name: text()
    .trim()
    .min(1, { error: MESSAGES.fieldRequired })
    .max(200, { error: 'must be at most 200 characters' })
    .refine(hasNoControlCharacters, { error: SINGLE_LINE_MESSAGE }),
  email: emailSchema,
  role: z.enum(EVENT_ROLES),
  room_id: id.nullable(),
  job: trimmedText(200).nullish(),
});
export type ParticipantForm = z.infer<typeof participantFormSchema>;

/** The participant form of an event: its guests need a room when the event places them by hand. */
export function participantFormSchemaFor(event: { auto_dispatcher: boolean }) {
  if (event.auto_dispatcher) return participantFormSchema;
  return participantFormSchema.refine((form) => form.room_id !== null, {
    path: ['room_id'],
    message: MESSAGES.fieldRequired,
  });
}

/** Choose a room (`room_id` with `event_id`), or change the role (`role` alone). */
const roomOrRoleChangeSchema = z
  .object({
    room_id: id.nullable().optional(),
    event_id: id.optional(),
    role: z.enum(EVENT_ROLES).optional(),
  })
  .superRefine((value, ctx) => {
    const choosesRoom = value.room_id !== undefined || value.event_id !== undefined;
    if (choosesRoom && value.role !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['role'],
        message: 'Send room_id and event_id to choose a room, or role alone to change the role.',
      });
    } else if (choosesRoom && (value.room_id === undefined || value.event_id === undefined)) {
      const missing = value.room_id === undefined ? 'room_id' : 'event_id';
      ctx.addIssue({ code: 'custom', path: [missing], message: MESSAGES.fieldRequired });
    } else if (!choosesRoom && value.role === undefined) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'Send role, or room_id and event_id.' });
    }
  });

/** A manager's edit of the participant form, or someone's choice of room, or a change of role. */
export const updateParticipantRequestSchema = z.union([participantFormSchema, roomOrRoleChangeSchema]);
export type UpdateParticipantRequest = z.infer<typeof updateParticipantRequestSchema>;

/** By e-mail (someone's own participations), or a whole event's guest list (managers). */
export const participantsQuerySchema = z
  .object({
    email: emailSchema.optional(),
    event_id: idSchema.optional(),
  })
  .refine((query) => query.email !== undefined || query.event_id !== undefined, {
    error: 'send email, event_id or both',
    path: ['email'],
  });
