// A person's data gathered for them (GDPR, article 15; issue 32): everything a lab holds about an
// e-mail address, as JSON for machines and as a PDF for people. Other people's data met on the way
// (the patients of a pharmacovigilance report, the other guests of a room) is left out.
import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { timeZoneSchema } from '../shared/timeZone.ts';

export const PERSONAL_DATA_FORMATS = ['json', 'pdf'] as const;

export const personalDataQuerySchema = z.object({
  email: emailSchema,
  format: z.enum(PERSONAL_DATA_FORMATS).default('json'),
  locale: z.enum(['fr', 'en', 'de']).optional(),
  /** The zone the PDF's dates are told in (the reader's). */
  timeZone: timeZoneSchema.optional(),
});
export type PersonalDataQuery = z.infer<typeof personalDataQuerySchema>;
