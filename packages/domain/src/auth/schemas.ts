// Request shapes of the sign-in calls, shared by the server's routes and the web forms.
import { z } from 'zod';
import { entryConsentsSchema } from '../consents/consents.ts';
import { hasNoControlCharacters, SINGLE_LINE_MESSAGE } from '../documents/documents.ts';
import { text } from '../shared/text.ts';
import { timeZoneSchema } from '../shared/timeZone.ts';
import { MESSAGES } from './messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwordRule.ts';

/** Whitespace-only values count as blank (spec: "a whitespace-only value is silently ignored"). */
const nonBlank = (message: string) => text({ error: message }).trim().min(1, { error: message });

export const emailSchema = nonBlank(MESSAGES.fillEmail).pipe(z.email({ error: MESSAGES.invalidEmail }));

/** An empty field says so; a wrong pair gets the spec's one message, whichever part was wrong. */
export const passwordLoginSchema = z.object({
  email: nonBlank(MESSAGES.fieldRequired),
  password: text({ error: MESSAGES.fieldRequired }).refine((value) => value.trim().length > 0, {
    error: MESSAGES.fieldRequired,
  }),
  rememberMe: z.boolean().optional(),
  locale: z.enum(['fr', 'en', 'de']).optional(),
});
export type PasswordLogin = z.infer<typeof passwordLoginSchema>;

export const invitationLoginSchema = z.object({
  invitation: nonBlank('invitation is required'),
});
export type InvitationLogin = z.infer<typeof invitationLoginSchema>;

/** A guest's name: one line, since it is written into their mails (a line break would forge a line). */
const guestName = nonBlank(MESSAGES.fieldRequired).pipe(
  z.string().max(100).refine(hasNoControlCharacters, { error: SINGLE_LINE_MESSAGE }),
);

export const publicGuestLoginSchema = z.object({
  firstName: guestName,
  lastName: guestName,
  email: emailSchema,
  eventSlug: nonBlank(MESSAGES.fieldRequired).pipe(z.string().max(200)),
  isPublic: z.literal(true),
  /** The page's language: the guest's mails are written in it (issue 28). */
  locale: z.enum(['fr', 'en', 'de']).optional(),
  /** The browser's time zone: the guest's mails tell times on their clock. */
  timeZone: timeZoneSchema.optional(),
  /** The consent versions ticked on the form (issue 33): the event's required ones must be among them. */
  consentVersionIds: entryConsentsSchema.optional(),
});
export type PublicGuestLogin = z.infer<typeof publicGuestLoginSchema>;

/** POST /api/login accepts one of three shapes; which one is told by the fields present. */
export const loginRequestSchema = z.union([
  publicGuestLoginSchema,
  invitationLoginSchema,
  passwordLoginSchema,
]);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * POST /api/personal-links/resend: the personal link (invitation or reminder) that no longer signs in,
 * for a fresh one mailed to the address it was sent to.
 */
export const resendPersonalLinkSchema = z.object({
  token: nonBlank('token is required').pipe(z.string().max(200)),
});
export type ResendPersonalLinkRequest = z.infer<typeof resendPersonalLinkSchema>;

export const forgotPasswordSchema = z.object({
  email: emailSchema,
  locale: z.enum(['fr', 'en', 'de']).optional(),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordSchema>;

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwordRule.ts';

/** The API takes the new password; the form also asks for a confirmation. */
export const changePasswordSchema = z.object({
  password: text({ error: MESSAGES.passwordRule })
    .refine((value) => value.trim().length >= PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordRule })
    .pipe(z.string().max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordRule })),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = z
  .object({
    password: text(),
    confirmation: text(),
  })
  .superRefine((value, ctx) => {
    if (value.password.trim() === '' || value.confirmation.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordRule });
      return;
    }
    if (value.password !== value.confirmation) {
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: MESSAGES.passwordsNotMatching });
      return;
    }
    if (!changePasswordSchema.safeParse({ password: value.password }).success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordRule });
    }
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const refreshTokenRequestSchema = z.object({ token: nonBlank(MESSAGES.invalidToken) });
