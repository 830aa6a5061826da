// A back-office user's own account as the profile page edits it (back-office spec 2.12 and 5), and the
// same fields as PUT users/{id} takes them: e-mail, first and last name required (the e-mail a valid
// address, unique in the product), position and address optional. The laboratory is read-only.
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.ts';
import { hasNoControlCharacters, SINGLE_LINE_MESSAGE } from '../documents/documents.ts';
import { text } from '../shared/text.ts';

const requiredText = (max: number) =>
  text({ error: MESSAGES.fieldRequired })
    .trim()
    .min(1, { error: MESSAGES.fieldRequired })
    .max(max, { error: `must be at most ${max} characters` });

/** Optional free text: blank is "not given" (null). */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** A name: one line, since mails greet the user by it (a line break would forge a line there). */
const requiredName = (max: number) =>
  requiredText(max).refine(hasNoControlCharacters, { error: SINGLE_LINE_MESSAGE });

export const profileFormSchema = z.object({
  email: requiredText(254).pipe(z.email({ error: MESSAGES.invalidEmail })),
  first_name: requiredName(100),
  last_name: requiredName(100),
  job: optionalText(200),
  address: optionalText(500),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileForm = z.output<typeof profileFormSchema>;

/** POST confirm-email/{token}: the address the account signs in with from now on (issue 26). */
export const emailConfirmedSchema = z.object({ email: z.string() });
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;
