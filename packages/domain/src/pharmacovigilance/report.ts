// The pharmacovigilance report a health professional files from a live room (live-room spec, sections 3
// and 5). One schema for the room's form and the server: every field required and not blank, an e-mail
// address, a phone number, digits for the zip code and the batch number.
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.ts';
import type { Locale } from '../auth/responses.ts';
import { text } from '../shared/text.ts';

export const PATIENT_AGE_RANGES = ['Newborns', 'Nurslings', 'Infants', 'Teenagers', 'Adults'] as const;
export type PatientAgeRange = (typeof PATIENT_AGE_RANGES)[number];

/**
 * The ages each range covers, the paediatric groups of ICH E11 under the spec's names: from `from` (in
 * days for newborns and nurslings' start, else in whole years) up to, not including, the next range's.
 * A range that contradicts the birth date on the day of the report is refused.
 */
export const PATIENT_AGE_RANGE_BOUNDS = {
  Newborns: { fromDays: 0 },
  Nurslings: { fromDays: 28 },
  Infants: { fromYears: 2 },
  Teenagers: { fromYears: 12 },
  Adults: { fromYears: 18 },
} as const satisfies Record<PatientAgeRange, { fromDays: number } | { fromYears: number }>;

/** Each range's label with the ages it covers, the same in the room's form, the back office and the mails. */
export const PATIENT_AGE_RANGE_LABELS = {
  fr: {
    Newborns: 'Nouveau-nés (0 à 27 jours)',
    Nurslings: 'Nourrissons (28 jours à 23 mois)',
    Infants: 'Enfants (2 à 11 ans)',
    Teenagers: 'Adolescents (12 à 17 ans)',
    Adults: 'Adultes (18 ans et plus)',
  },
  en: {
    Newborns: 'Newborns (0 to 27 days)',
    Nurslings: 'Nurslings (28 days to 23 months)',
    Infants: 'Infants (2 to 11 years)',
    Teenagers: 'Teenagers (12 to 17 years)',
    Adults: 'Adults (18 years and over)',
  },
  de: {
    Newborns: 'Neugeborene (0 bis 27 Tage)',
    Nurslings: 'Säuglinge (28 Tage bis 23 Monate)',
    Infants: 'Kinder (2 bis 11 Jahre)',
    Teenagers: 'Jugendliche (12 bis 17 Jahre)',
    Adults: 'Erwachsene (ab 18 Jahren)',
  },
} as const satisfies Record<Locale, Record<PatientAgeRange, string>>;

export const PATIENT_GENDERS = ['f', 'm'] as const;

/**
 * Phone numbers per form locale, matched after removing spaces, dots and dashes. French: +33 or 0 then
 * nine digits; generally an optional leading plus and two digits, or a leading zero, then nine digits.
 * The server accepts the general pattern: a French lab's doctors may have foreign numbers.
 */
export const DOCTOR_PHONE_PATTERNS = {
  fr: /^(?:\+33|0)\d{9}$/,
  en: /^(?:\+\d{2}|0)\d{9}$/,
  de: /^(?:\+\d{2}|0)\d{9}$/,
} as const satisfies Record<Locale, RegExp>;
export const GENERAL_PHONE_PATTERN = DOCTOR_PHONE_PATTERNS.en;

export function normalizePhone(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

export function isValidDoctorPhone(value: string, locale?: Locale): boolean {
  const pattern = locale === undefined ? GENERAL_PHONE_PATTERN : DOCTOR_PHONE_PATTERNS[locale];
  return pattern.test(normalizePhone(value));
}

const BIRTHDATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** 'YYYY-MM-DD HH:mm:ss' (the time part may be left out) naming a day that exists. */
export function isValidBirthdate(value: string): boolean {
  const match = BIRTHDATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const [hours, minutes, seconds] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= 1900 &&
    hours < 24 &&
    minutes < 60 &&
    seconds < 60
  );
}

/** The birth date's calendar day, or null when it is not one. */
function birthDay(birthdate: string): Date | null {
  if (!isValidBirthdate(birthdate)) return null;
  const [year, month, day] = birthdate.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
}

/** Whole years from `birth` to `today` (a birthday counts on its day). */
function fullYears(birth: Date, today: Date): number {
  const years = today.getUTCFullYear() - birth.getUTCFullYear();
  const before =
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  return before ? years - 1 : years;
}

/**
 * The age range of someone born on `birthdate` ('YYYY-MM-DD…') on `today`'s UTC day, or null for a date
 * that is not one or is after today.
 */
export function ageRangeOn(birthdate: string, today: Date): PatientAgeRange | null {
  const birth = birthDay(birthdate);
  if (birth === null) return null;
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const days = Math.round((day.getTime() - birth.getTime()) / 86_400_000);
  if (days < 0) return null;
  const years = fullYears(birth, day);
  const reached = PATIENT_AGE_RANGES.filter((range) => {
    const bound: { fromDays?: number; fromYears?: number } = PATIENT_AGE_RANGE_BOUNDS[range];
    return bound.fromDays !== undefined ? days >= bound.fromDays : years >= (bound.fromYears ?? 0);
  });
  return reached.at(-1) ?? null;
}

/** Why a report's age range is refused, with the field it names (its words the form translates). */
export const AGE_RANGE_MESSAGES = {
  contradicts: 'does not match the date of birth',
  futureBirthdate: 'must not be after today',
} as const;

/**
 * The rule across two fields: the birth date is not after today and the age range is the one it gives
 * today. Checked by the server and the room's form alike (each field valid on its own first).
 */
export function checkAgeRange(
  report: { patient_birthdate: string; patient_age_range: string },
  context: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
  today = new Date(),
): void {
  if (!isValidBirthdate(report.patient_birthdate)) return;
  const range = ageRangeOn(report.patient_birthdate, today);
  if (range === null) {
    context.addIssue({
      code: 'custom',
      path: ['patient_birthdate'],
      message: AGE_RANGE_MESSAGES.futureBirthdate,
    });
  } else if (report.patient_age_range !== range) {
    context.addIssue({
      code: 'custom',
      path: ['patient_age_range'],
      message: AGE_RANGE_MESSAGES.contradicts,
    });
  }
}

const required = (max: number) =>
  text({ error: MESSAGES.fieldRequired })
    .trim()
    .min(1, { error: MESSAGES.fieldRequired })
    .max(max, { error: `must be at most ${max} characters` });

/** Digits only and not zero: "positive numbers", kept as text so a zip code keeps its leading zero. */
const positiveDigits = (max: number) =>
  required(max).refine((value) => /^\d+$/.test(value) && /[1-9]/.test(value), {
    error: 'must be a positive number',
  });

/** The report's fields, each on its own (the form swaps a few for the way it reads them). */
export const pharmacovigilanceReportFields = z.object({
  patient_firstname: required(100),
  patient_lastname: required(100),
  gender: z.enum(PATIENT_GENDERS, { error: 'must be f or m' }),
  patient_birthdate: required(19).refine(isValidBirthdate, {
    error: 'must be a date as YYYY-MM-DD HH:mm:ss',
  }),
  patient_age_range: z.enum(PATIENT_AGE_RANGES, {
    error: `must be one of ${PATIENT_AGE_RANGES.join(', ')}`,
  }),
  doctor_firstname: required(100),
  doctor_lastname: required(100),
  doctor_phone: required(30).refine((value) => isValidDoctorPhone(value), {
    error: 'must be a phone number: +33 or 0 followed by 9 digits',
  }),
  doctor_email: required(254).pipe(z.email({ error: MESSAGES.invalidEmail })),
  doctor_specialty: required(200),
  doctor_address: required(500),
  doctor_zip_code: positiveDigits(10),
  drug_name: required(200),
  drug_batch_number: positiveDigits(50),
  drug_adverse_reaction: required(5000),
});

/**
 * When the age rule runs: once the two fields it reads are valid, whatever the others are, so the form
 * shows the contradiction beside the other refusals.
 */
export const AGE_RANGE_RULE = {
  when: (payload: { value: unknown }) =>
    pharmacovigilanceReportFields
      .pick({ patient_birthdate: true, patient_age_range: true })
      .safeParse(payload.value).success,
};

export const pharmacovigilanceReportSchema = pharmacovigilanceReportFields.superRefine(
  checkAgeRange,
  AGE_RANGE_RULE,
);
export type PharmacovigilanceReport = z.infer<typeof pharmacovigilanceReportSchema>;

/** As sent from the room: the report and the room it was filed in. */
export const pharmacovigilanceReportRequestSchema = pharmacovigilanceReportFields
  .extend({ room_id: z.number().int().positive() })
  .superRefine(checkAgeRange, AGE_RANGE_RULE);
export type PharmacovigilanceReportRequest = z.infer<typeof pharmacovigilanceReportRequestSchema>;

export const pharmacovigilanceReportCreatedSchema = z.object({ id: z.number(), mailed: z.boolean() });
