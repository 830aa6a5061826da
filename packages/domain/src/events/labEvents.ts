// An event as the staff's event list shows it (GET /api/events): enough to tell current, planned and
// closed events apart and to enter one of its rooms.
import { z } from 'zod';

const date = z.union([z.string(), z.date()]).transform((value) => new Date(value).toISOString());

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
  rooms: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type LabEvent = z.infer<typeof labEventSchema>;
