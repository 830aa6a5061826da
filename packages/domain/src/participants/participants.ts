// Participations (one per person and event) as the REST calls read and write them (live-room spec,
// sections 3 and 7; back-office spec, sections 2.5 and 7). The participant form uses the same schema.
import { z } from 'zod';
import { EVENT_ROLES } from '../auth/access.ts';
import { MESSAGES } from '../auth/messages.ts';
import { emailSchema } from '../auth/schemas.ts';
import { idSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';

const id = z.number().int().positive();

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, { message: 'must be an IANA time zone, e.g. Europe/Paris' });

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

export const createParticipantRequestSchema = z.object({
  event_id: id,
  user_id: id.nullish(),
  room_id: id.nullish(),
  email: emailSchema,
  timezone: timeZoneSchema.nullish(),
  /** Read from the event; a value sent here is ignored, never trusted. */
  lab_id: z.number().nullish(),
  name: trimmedText(200).optional(),
  first_name: trimmedText(100).optional(),
  last_name: trimmedText(100).optional(),
  role: z.enum(EVENT_ROLES).optional(),
  job: trimmedText(200).nullish(),
});
export type CreateParticipantRequest = z.infer<typeof createParticipantRequestSchema>;

/** Choose a room (`room_id` with `event_id`), or change the role (`role` alone). */
export const updateParticipantRequestSchema = z
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
export type UpdateParticipantRequest = z.infer<typeof updateParticipantRequestSchema>;

export const participantsQuerySchema = z.object({
  email: emailSchema,
  event_id: idSchema.optional(),
});
