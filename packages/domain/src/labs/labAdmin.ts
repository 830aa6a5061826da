// Labs set up by the platform's super-admins (issue 28, part 1: /admin/labs, permission manage_labs):
// a lab's name, slug, colours, modules, plan, time zone and default language, and how long its events'
// chat and attendance are kept (issue 32); its first admin invited by mail with the lab; suspended and
// resumed. One set of schemas for the server's routes, the REST client and the page's form. Images (logo,
// header, waiting room) are uploaded once the lab exists (POST upload, ref `lab`), as a group's picture is.
import { z } from 'zod';
import { LAB_MODULES } from '../auth/access.ts';
import { MESSAGES } from '../auth/messages.ts';
import { localeSchema } from '../auth/responses.ts';
import { hasNoControlCharacters, SINGLE_LINE_MESSAGE } from '../documents/documents.ts';
import { text } from '../shared/text.ts';
import { timeZoneSchema } from '../shared/timeZone.ts';
import { profileFormSchema } from '../users/profile.ts';
import { DEFAULT_THEME, hexColorSchema } from './theme.ts';

/** The labs' own refusals, which the web shows in the reader's language (the slug's beside its field). */
export const LAB_RULE_MESSAGES = {
  slugTaken: 'slug: another lab already has this address name.',
  ownLab: 'You cannot suspend your own laboratory: you would lock yourself out.',
} as const;

/** The page sizes of the labs list. */
export const LAB_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The most minutes a plan may hold: a century of round-the-clock sessions is not a plan. */
export const MAX_PLAN_MINUTES = 100_000_000;

/** The longest retention a lab may set, in days: a century (the labs table's CHECK says the same). */
export const MAX_RETENTION_DAYS = 36_500;

export const RETENTION_DAYS_MESSAGE = `a whole number of days from 1 to ${MAX_RETENTION_DAYS}, or null to keep for good`;

/**
 * Days after an event's end something of it is kept (issue 32, GDPR): past them a daily job erases it
 * for good. Null keeps it. Pharmacovigilance reports are never erased by retention.
 */
export const retentionDaysSchema = z
  .number({ error: RETENTION_DAYS_MESSAGE })
  .int({ error: RETENTION_DAYS_MESSAGE })
  .min(1, { error: RETENTION_DAYS_MESSAGE })
  .max(MAX_RETENTION_DAYS, { error: RETENTION_DAYS_MESSAGE })
  .nullable();

export const LAB_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const labFormSchema = z.object({
  name: text({ error: MESSAGES.fieldRequired })
    .trim()
    .min(1, { error: MESSAGES.fieldRequired })
    .max(120, { error: 'must be at most 120 characters' })
    .refine(hasNoControlCharacters, { error: SINGLE_LINE_MESSAGE }),
  slug: text({ error: MESSAGES.fieldRequired })
    .trim()
    .min(2, { error: 'must be at least 2 characters' })
    .max(60, { error: 'must be at most 60 characters' })
    .regex(LAB_SLUG_PATTERN, { error: 'lower-case letters, digits and single hyphens, e.g. lab-nord' }),
  primary_color: hexColorSchema,
  background_color: hexColorSchema,
  third_color: hexColorSchema,
  modules: z.array(z.enum(LAB_MODULES)).refine((list) => new Set(list).size === list.length, {
    error: 'each module once',
  }),
  plan_minutes: z.number().int().min(0).max(MAX_PLAN_MINUTES),
  time_zone: timeZoneSchema,
  default_locale: localeSchema,
  /** Days after an event's end its chat messages and notes stay readable; null (or left out) keeps them. */
  chat_retention_days: retentionDaysSchema.optional(),
  /** Days after an event's end its participants stay named (who attended); null (or left out) keeps them. */
  attendance_retention_days: retentionDaysSchema.optional(),
});
export type LabFormInput = z.input<typeof labFormSchema>;
export type LabForm = z.output<typeof labFormSchema>;

/** The lab's first admin: invited with the lab, they set their own password from the mail. */
export const labAdminInviteSchema = profileFormSchema.pick({
  email: true,
  first_name: true,
  last_name: true,
});

/** POST labs: the lab and its first admin, created together (or neither). */
export const labCreateSchema = labFormSchema.extend({ admin: labAdminInviteSchema });
export type LabCreateInput = z.input<typeof labCreateSchema>;
export type LabCreate = z.output<typeof labCreateSchema>;

/** PUT labs/{id}: any of the form's fields. */
export const labUpdateSchema = labFormSchema.partial();
export type LabUpdate = z.output<typeof labUpdateSchema>;

/** A new lab's form before anything is typed: the spec's default colours, every module, French. */
export const NEW_LAB_FORM: LabFormInput = {
  name: '',
  slug: '',
  primary_color: DEFAULT_THEME.primaryColor,
  background_color: DEFAULT_THEME.backgroundColor,
  third_color: DEFAULT_THEME.thirdColor,
  modules: [...LAB_MODULES],
  plan_minutes: 6000,
  time_zone: 'Europe/Paris',
  default_locale: 'fr',
  chat_retention_days: null,
  attendance_retention_days: null,
};

/** What the lab used of its plan: minutes of every session it ran, against the minutes it bought. */
export const labUsageSchema = z.object({
  plan_minutes: z.number().int(),
  consumed_minutes: z.number().int(),
  /** Floor of consumed / plan in percent; 0 with no plan. */
  consumed_percent: z.number().int(),
});

/** A lab as the super-admins' list and form show it. */
export const managedLabSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  primary_color: z.string(),
  background_color: z.string(),
  third_color: z.string(),
  logo_url: z.string().nullable(),
  header_image_url: z.string().nullable(),
  waiting_room_image_url: z.string().nullable(),
  modules: z.array(z.enum(LAB_MODULES)),
  time_zone: z.string(),
  default_locale: localeSchema,
  /** Days after an event's end its chat and notes stay readable; null keeps them. */
  chat_retention_days: z.number().int().nullable(),
  /** Days after an event's end its participants stay named; null keeps them. */
  attendance_retention_days: z.number().int().nullable(),
  /** ISO time the lab was suspended, or null while it runs. */
  suspended_at: z.string().nullable(),
  created_at: z.string(),
  /** Its active staff accounts. */
  users: z.number().int(),
  usage: labUsageSchema,
});
export type ManagedLab = z.infer<typeof managedLabSchema>;
export const managedLabListSchema = z.array(managedLabSchema);
