// An event as the staff's event list shows it (GET /api/events): enough to tell current, planned and
// closed events apart and to enter one of its rooms.
import { z } from 'zod';

/** Dates travel as ISO 8601 text (the repositories write them so). */
const date = z.string();

export const labEventSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  is_public: z.boolean(),
  active: z.boolean(),
  planned_start_date: date,
  planned_end_date: date,
  start_date: date.nullable(),
  end_date: date.nullable(),
  owner_id: z.number().nullable(),
  /** The IANA zone its day and times were planned in. */
  default_timezone: z.string(),
  rooms: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type LabEvent = z.infer<typeof labEventSchema>;

/** GET /api/events/{id}: the event with its planning settings and presentation medias (back-office spec). */
export const labEventDetailsSchema = labEventSchema.extend({
  lab_id: z.number(),
  type: z.string(),
  rooms_needed: z.number(),
  auto_dispatcher: z.boolean(),
  to_broadcast: z.boolean(),
  // The spec's spelling (section 3), as the event form sends them.
  email_relaunch_J7: z.boolean(),
  email_relaunch_J1: z.boolean(),
  email_relaunch_h1: z.boolean(),
  /** Guests wait in the lobby until a host admits them (issue 33, part 2). */
  lobby: z.boolean(),
  medias: z.array(
    z.object({ id: z.number(), name: z.string(), slug: z.string(), thumbnail_url: z.string().nullable() }),
  ),
});
export type LabEventDetails = z.infer<typeof labEventDetailsSchema>;
