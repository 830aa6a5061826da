// A back-office user as GET /api/users/{id} answers it: their account, roles and permissions. No
// password hash or token ever leaves the server (the response schema drops anything else).
import { z } from 'zod';

export const labUserSchema = z.object({
  id: z.number(),
  lab_id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  job: z.string().nullable(),
  address: z.string().nullable(),
  therapeutic_area: z.string().nullable(),
  avatar_url: z.string().nullable(),
  locale: z.string(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  permissions: z.array(z.string()),
});
export type LabUser = z.infer<typeof labUserSchema>;

/** The answer of calls that succeed with nothing to say (204). */
export const noContentSchema = z.null().describe('No content');
