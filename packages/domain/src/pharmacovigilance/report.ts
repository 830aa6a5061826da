// The pharmacovigilance report a health professional files from a live room (live-room spec, sections 3
// and 5). One schema for the room's form and the server: every field required and not blank, an e-mail
// address, a phone number, digits for the zip code and the batch number.
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.ts';
import type { Locale } from '../auth/responses.ts';
import { text } from '../shared/text.ts';

export const PATIENT_AGE_RANGES = ['Newborns', 'Nurslings', 'Infants', 'Teenagers', 'Adults'] as const;
export type PatientAgeRange = (typeof PATIENT_AGE_RANGES)[number];

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

export const pharmacovigilanceReportSchema = z.object({
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
export type PharmacovigilanceReport = z.infer<typeof pharmacovigilanceReportSchema>;

/** As sent from the room: the report and the room it was filed in. */
export const pharmacovigilanceReportRequestSchema = pharmacovigilanceReportSchema.extend({
  room_id: z.number().int().positive(),
});
export type PharmacovigilanceReportRequest = z.infer<typeof pharmacovigilanceReportRequestSchema>;

export const pharmacovigilanceReportCreatedSchema = z.object({ id: z.number(), mailed: z.boolean() });
