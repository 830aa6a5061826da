// The pharmacovigilance form's schema: the domain's report schema (the server's) with the two fields
// the form reads differently: the birth date as typed in the locale's format (turned into
// 'YYYY-MM-DD HH:mm:ss'), and the doctor's phone against the locale's own pattern; the server's rule
// across fields (the age range the birth date gives on `today`) on top.
import {
  AGE_RANGE_RULE,
  checkAgeRange,
  isValidDoctorPhone,
  type Locale,
  MESSAGES,
  pharmacovigilanceReportFields,
} from '@lablive/domain';
import { z } from 'zod';
import { type LocaleDateFormat, parseLocaleDate } from './localeDate.ts';

/** Why a field is refused, as the form translates it. */
export const FIELD_ISSUES = { birthdate: 'birthdate', phone: 'phone' } as const;

export const REPORT_FIELDS = [
  'patient_firstname',
  'patient_lastname',
  'gender',
  'patient_birthdate',
  'patient_age_range',
  'doctor_firstname',
  'doctor_lastname',
  'doctor_phone',
  'doctor_email',
  'doctor_specialty',
  'doctor_address',
  'doctor_zip_code',
  'drug_name',
  'drug_batch_number',
  'drug_adverse_reaction',
] as const satisfies readonly (keyof typeof pharmacovigilanceReportFields.shape)[];
export type ReportField = (typeof REPORT_FIELDS)[number];

const domain = pharmacovigilanceReportFields.shape;

export function reportFormSchema(locale: Locale, dateFormat: LocaleDateFormat, today: Date) {
  return pharmacovigilanceReportFields
    .extend({
      // Radio buttons and a select start empty: '' must read as "not chosen", i.e. required.
      gender: z.string().min(1, { error: MESSAGES.fieldRequired }).pipe(domain.gender),
      patient_age_range: z.string().min(1, { error: MESSAGES.fieldRequired }).pipe(domain.patient_age_range),
      patient_birthdate: z
        .string()
        .trim()
        .min(1, { error: MESSAGES.fieldRequired })
        .transform((typed, context) => {
          const parsed = parseLocaleDate(typed, dateFormat, today);
          if (parsed === null) {
            context.addIssue({ code: 'custom', message: FIELD_ISSUES.birthdate });
            return z.NEVER;
          }
          return parsed;
        })
        .pipe(domain.patient_birthdate),
      doctor_phone: domain.doctor_phone.refine((value) => isValidDoctorPhone(value, locale), {
        error: FIELD_ISSUES.phone,
      }),
    })
    .superRefine((report, context) => checkAgeRange(report, context, today), AGE_RANGE_RULE);
}

export type ReportFormInput = z.input<ReturnType<typeof reportFormSchema>>;
export type ReportFormOutput = z.output<ReturnType<typeof reportFormSchema>>;

export const EMPTY_REPORT_FORM: ReportFormInput = {
  patient_firstname: '',
  patient_lastname: '',
  gender: '',
  patient_birthdate: '',
  patient_age_range: '',
  doctor_firstname: '',
  doctor_lastname: '',
  doctor_phone: '',
  doctor_email: '',
  doctor_specialty: '',
  doctor_address: '',
  doctor_zip_code: '',
  drug_name: '',
  drug_batch_number: '',
  drug_adverse_reaction: '',
};

/** Which text explains a refused field: required, too long, or the field's own rule. */
export type FieldErrorKind = 'required' | 'tooLong' | 'invalid';

export function fieldErrorKind(error: {
  type?: string | number;
  message?: string | undefined;
}): FieldErrorKind {
  if (error.message === MESSAGES.fieldRequired) return 'required';
  if (error.type === 'too_big') return 'tooLong';
  return 'invalid';
}
