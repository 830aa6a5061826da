// Registration for public events (issue 33, part 5). Staff who may change a public event turn its
// registration on and design its form: the standard fields (name, e-mail, language, time zone) are always
// asked; custom fields (text, choice, yes/no, each labelled in fr, en and de, required or not) are added;
// the consent kinds the form requires (the lab's texts, consents/consents.ts), a capacity and whether
// staff approve each registration. A guest's registration goes through these states:
//
//   unconfirmed ──(the link mailed to the address followed)──▶ pending (approval on)
//                                                         └──▶ registered | waitlisted (by capacity)
//   pending ──approve──▶ registered | waitlisted        pending ──refuse──▶ refused
//   registered ──cancel (guest) / remove (staff)──▶ cancelled / removed, and the first waitlisted moves up
//
// One set of schemas for the server's routes and the web's forms, and the one check of the answers.
import { z } from 'zod';
import { LOCALES } from '../auth/responses.ts';
import { emailSchema } from '../auth/schemas.ts';
import { CONSENT_KINDS, entryConsentsSchema } from '../consents/consents.ts';
import { hasNoControlCharacters, SINGLE_LINE_MESSAGE } from '../documents/documents.ts';
import { text } from '../shared/text.ts';
import { timeZoneSchema } from '../shared/timeZone.ts';

export const REGISTRATION_FIELD_TYPES = ['text', 'choice', 'yes_no'] as const;
export type RegistrationFieldType = (typeof REGISTRATION_FIELD_TYPES)[number];

export const REGISTRATION_STATUSES = [
  'unconfirmed',
  'pending',
  'registered',
  'waitlisted',
  'refused',
  'cancelled',
  'removed',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** What the statistics count: each change of a registration, recorded once (registration_events). */
export const REGISTRATION_EVENT_KINDS = [
  'requested',
  'confirmed',
  'registered',
  'waitlisted',
  'promoted',
  'approved',
  'refused',
  'cancelled',
  'removed',
] as const;
export type RegistrationEventKind = (typeof REGISTRATION_EVENT_KINDS)[number];

export const REGISTRATION_LIMITS = {
  fields: 20,
  choices: 20,
  label: 200,
  textAnswer: 1000,
  capacity: 100_000,
  refusalReason: 1000,
} as const;

const oneLine = (max: number) =>
  text({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(hasNoControlCharacters, { error: SINGLE_LINE_MESSAGE });

/** A label in the three languages: each reader sees the one of their page. */
export const registrationLabelSchema = z.strictObject({
  fr: oneLine(REGISTRATION_LIMITS.label),
  en: oneLine(REGISTRATION_LIMITS.label),
  de: oneLine(REGISTRATION_LIMITS.label),
});
export type RegistrationLabel = z.infer<typeof registrationLabelSchema>;

/** A field's or a choice's key: what its answers are stored under (the CSV's column, the answers' key). */
const keySchema = text().regex(/^[a-z][a-z0-9_]{0,39}$/, {
  error: 'must be 1 to 40 lowercase letters, digits or _, starting with a letter',
});

export const registrationFieldSchema = z
  .strictObject({
    key: keySchema,
    type: z.enum(REGISTRATION_FIELD_TYPES),
    label: registrationLabelSchema,
    required: z.boolean(),
    /** A choice field's options (at least two); none for the other types. */
    choices: z
      .array(z.strictObject({ key: keySchema, label: registrationLabelSchema }))
      .max(REGISTRATION_LIMITS.choices)
      .default([]),
  })
  .refine((field) => field.type !== 'choice' || field.choices.length >= 2, {
    error: 'a choice field needs at least two choices',
    path: ['choices'],
  })
  .refine((field) => field.type === 'choice' || field.choices.length === 0, {
    error: 'only a choice field has choices',
    path: ['choices'],
  })
  .refine((field) => new Set(field.choices.map((choice) => choice.key)).size === field.choices.length, {
    error: 'two choices have the same key',
    path: ['choices'],
  });
export type RegistrationField = z.infer<typeof registrationFieldSchema>;

/** PUT events/{id}/registration: the event's registration settings and form. */
export const registrationSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  /** Places: registrations past it wait on the list. Null: no limit. */
  capacity: z.number().int().min(1).max(REGISTRATION_LIMITS.capacity).nullable(),
  /** Staff approve each registration before it takes a place. */
  approval: z.boolean(),
  /** The consent kinds the form requires (besides the lab's required ones, always asked). */
  consent_kinds: z
    .array(z.enum(CONSENT_KINDS))
    .max(CONSENT_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, { error: 'a kind is named twice' }),
  fields: z
    .array(registrationFieldSchema)
    .max(REGISTRATION_LIMITS.fields, { error: `at most ${REGISTRATION_LIMITS.fields} fields` })
    .refine((fields) => new Set(fields.map((field) => field.key)).size === fields.length, {
      error: 'two fields have the same key',
    }),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;

export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = {
  enabled: false,
  capacity: null,
  approval: false,
  consent_kinds: [],
  fields: [],
};

/** GET events/{id}/registration: the settings, with how many places are taken. */
export const registrationSettingsViewSchema = registrationSettingsSchema.extend({
  taken: z.number().int(),
  waitlisted: z.number().int(),
});
export type RegistrationSettingsView = z.infer<typeof registrationSettingsViewSchema>;

/** GET eventInfo/by-slug/{slug}/registration: what the public page asks (the form, not the counts). */
export const publicRegistrationFormSchema = z.object({
  enabled: z.boolean(),
  approval: z.boolean(),
  consent_kinds: z.array(z.enum(CONSENT_KINDS)),
  fields: z.array(registrationFieldSchema),
  /** Whether every place is taken: a registration now goes on the waiting list. */
  full: z.boolean(),
});
export type PublicRegistrationForm = z.infer<typeof publicRegistrationFormSchema>;

const guestName = oneLine(100);

/** One answer: a text field's text, a choice's key, a yes/no's boolean. */
export const registrationAnswerSchema = z.union([text().max(REGISTRATION_LIMITS.textAnswer), z.boolean()]);
export const registrationAnswersSchema = z
  .record(keySchema, registrationAnswerSchema)
  .refine((answers) => Object.keys(answers).length <= REGISTRATION_LIMITS.fields, {
    error: `at most ${REGISTRATION_LIMITS.fields} answers`,
  });
export type RegistrationAnswers = z.infer<typeof registrationAnswersSchema>;

/** POST eventInfo/by-slug/{slug}/registrations: a guest registers. */
export const registrationRequestSchema = z.strictObject({
  first_name: guestName,
  last_name: guestName,
  email: emailSchema,
  locale: z.enum(LOCALES),
  time_zone: timeZoneSchema,
  answers: registrationAnswersSchema,
  consent_version_ids: entryConsentsSchema,
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** POST registrations/confirm and registrations/cancel: the token of the link mailed to the guest. */
export const registrationTokenSchema = z.strictObject({ token: text().min(1).max(200) });

/** What the guest is told after confirming or cancelling: where their registration stands. */
export const registrationOutcomeSchema = z.object({
  status: z.enum(REGISTRATION_STATUSES),
  event_name: z.string(),
});
export type RegistrationOutcome = z.infer<typeof registrationOutcomeSchema>;

/** POST registrations/{id}/decision: staff approve or refuse a pending registration. */
export const registrationDecisionSchema = z.strictObject({
  approve: z.boolean(),
  reason: text()
    .trim()
    .max(REGISTRATION_LIMITS.refusalReason, {
      error: `must be at most ${REGISTRATION_LIMITS.refusalReason} characters`,
    })
    .optional(),
});
export type RegistrationDecision = z.infer<typeof registrationDecisionSchema>;

/** A registration as staff see it in the event's list. */
export const registrationViewSchema = z.object({
  id: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  time_zone: z.string(),
  answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
  /** The consent kinds the guest accepted with the form, and the versions. */
  consents: z.array(z.object({ kind: z.enum(CONSENT_KINDS), version: z.number().int() })),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  participant_id: z.number().int().nullable(),
});
export type RegistrationView = z.infer<typeof registrationViewSchema>;
export const registrationListSchema = z.array(registrationViewSchema);

/** The event's funnel: registered (confirmed their address), invited (a place given), attended. */
export const registrationFunnelSchema = z.object({
  registered: z.number().int(),
  invited: z.number().int(),
  attended: z.number().int(),
  waitlisted: z.number().int(),
  refused: z.number().int(),
  cancelled: z.number().int(),
});
export type RegistrationFunnel = z.infer<typeof registrationFunnelSchema>;

/**
 * The answers checked against the form, as the server does for every registration and the web before
 * sending: each problem names its field (`answers.<key>: ...`). Unknown keys are refused, required ones
 * must be answered, a choice must be one of the field's, a yes/no a boolean, a text one line of text.
 */
export function registrationAnswerProblems(
  fields: readonly RegistrationField[],
  answers: Readonly<Record<string, string | boolean>>,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(answers)) {
    if (!fields.some((field) => field.key === key))
      problems.push(`answers.${key}: is not a field of this form`);
  }
  for (const field of fields) {
    const problem = answerProblem(field, answers[field.key]);
    if (problem) problems.push(`answers.${field.key}: ${problem}`);
  }
  return problems;
}

function answerProblem(field: RegistrationField, answer: string | boolean | undefined): string | null {
  const blank = answer === undefined || (typeof answer === 'string' && answer.trim() === '');
  if (blank) return field.required ? 'is required' : null;
  if (field.type === 'yes_no') {
    if (typeof answer !== 'boolean') return 'must be yes or no';
    return field.required && !answer ? 'is required' : null;
  }
  if (typeof answer !== 'string') return 'must be text';
  if (field.type === 'choice' && !field.choices.some((choice) => choice.key === answer)) {
    return 'is not one of the choices';
  }
  if (!hasNoControlCharacters(answer)) return SINGLE_LINE_MESSAGE;
  return null;
}
