// What the lab form starts from and sends (issue 28): the domain's schemas (the server applies the same),
// a new lab's defaults with an empty first admin, a slug suggested from the name, and every refusal (the
// schema's, the server's 400 naming a field, a 409 for a taken slug or e-mail) as the field it belongs to
// with a sentence in the reader's language.
import { ApiError } from '@lablive/client';
import {
  LAB_RULE_MESSAGES,
  type LabImageField,
  labAdminInviteSchema,
  labCreateSchema,
  labFormSchema,
  type ManagedLab,
  MESSAGES,
  NEW_LAB_FORM,
  USER_RULE_MESSAGES,
} from '@lablive/domain';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { translateMessage } from '../../i18n/messages.ts';

// Editing a lab leaves its first admin out: they were invited with the lab.
const labEditSchema = labFormSchema.extend({ admin: labAdminInviteSchema.optional() });
export type LabFormValues = z.input<typeof labEditSchema>;
export type LabFormRequest = z.output<typeof labEditSchema>;

export function labFormValuesSchema(creating: boolean): z.ZodType<LabFormRequest, LabFormValues> {
  return creating ? labCreateSchema : labEditSchema;
}

export const NEW_LAB_VALUES: LabFormValues = {
  ...NEW_LAB_FORM,
  admin: { email: '', first_name: '', last_name: '' },
};

export function labFormValuesOf(lab: ManagedLab): LabFormValues {
  return {
    name: lab.name,
    slug: lab.slug,
    primary_color: lab.primary_color,
    background_color: lab.background_color,
    third_color: lab.third_color,
    modules: lab.modules,
    plan_minutes: lab.usage.plan_minutes,
    time_zone: lab.time_zone,
    default_locale: lab.default_locale,
    chat_retention_days: lab.chat_retention_days,
    attendance_retention_days: lab.attendance_retention_days,
  };
}

/**
 * A retention's field as typed: empty keeps (null), digits are the days; anything else (-1, 1.5, 1e3)
 * is no number, which the schema refuses with the field's message rather than keeping for good.
 */
export function retentionDaysOf(typed: string | number | null | undefined): number | null {
  if (typed === null || typed === undefined) return null;
  if (typeof typed === 'number') return typed;
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** "Lab Nord" -> "lab-nord": accents dropped, anything else a single hyphen, at most 60 characters. */
export function labSlugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** The images of a lab, in the form's order. */
export const LAB_IMAGES = [
  'logo_url',
  'header_image_url',
  'waiting_room_image_url',
] as const satisfies readonly LabImageField[];

/** The key of an image's label (`labs.form.logo`). */
export const imageLabelKey = (field: LabImageField) =>
  field === 'logo_url' ? 'logo' : field === 'header_image_url' ? 'header_image' : 'waiting_room_image';

/** The form's fields a refusal may name. */
export const LAB_FIELDS = [
  'name',
  'slug',
  'primary_color',
  'background_color',
  'third_color',
  'modules',
  'plan_minutes',
  'time_zone',
  'default_locale',
  'chat_retention_days',
  'attendance_retention_days',
  'admin.email',
  'admin.first_name',
  'admin.last_name',
] as const;
export type LabField = (typeof LAB_FIELDS)[number];
const isLabField = (name: string): name is LabField => (LAB_FIELDS as readonly string[]).includes(name);

/** A field's error in the reader's language: the spec's fixed messages as such, else the field's rule. */
export function labFieldMessage(
  t: TFunction,
  ta: TFunction<'admin'>,
  field: LabField,
  message: string,
): string {
  if (message === 'slugTaken') return ta('labs.errors.slugTaken');
  if (message === 'emailTaken') return ta('labs.errors.emailTaken');
  if (message === MESSAGES.fieldRequired || message === MESSAGES.invalidEmail) {
    return translateMessage(t, message);
  }
  switch (field) {
    case 'primary_color':
    case 'background_color':
    case 'third_color':
      return ta('labs.errors.color');
    case 'admin.email':
      return ta('labs.errors.email');
    case 'admin.first_name':
      return ta('labs.errors.first_name');
    case 'admin.last_name':
      return ta('labs.errors.last_name');
    default:
      return ta(`labs.errors.${field}`);
  }
}

/**
 * The fields a refused save names, each with what the server said (a taken slug or e-mail as
 * `slugTaken` / `emailTaken`); empty when the refusal names none (it is then said under the form).
 */
export function refusedFields(error: unknown, creating: boolean): { field: LabField; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  if (error.status === 409) {
    if (error.detail === LAB_RULE_MESSAGES.slugTaken) return [{ field: 'slug', message: 'slugTaken' }];
    if (creating && error.detail === USER_RULE_MESSAGES.emailTaken) {
      return [{ field: 'admin.email', message: 'emailTaken' }];
    }
    return [];
  }
  return error.namedFields.flatMap(({ field, message }) => {
    // A list's item ("modules.2") is the list's.
    const name = field.replace(/\.\d+$/, '');
    return isLabField(name) ? [{ field: name, message }] : [];
  });
}

/** The same error, its detail in the reader's language when it is one of the labs' refusals. */
export function labRefusalInReadersLanguage(ta: TFunction<'admin'>, error: unknown): unknown {
  if (!(error instanceof ApiError) || error.detail !== LAB_RULE_MESSAGES.ownLab) return error;
  return new ApiError({ ...error.problem, detail: ta('labs.errors.ownLab') });
}
