// The pharmacovigilance form's rules (live-room spec, section 5) as the form applies them per locale.
import { AGE_RANGE_MESSAGES, MESSAGES, pharmacovigilanceReportSchema } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { localeDateFormat } from './localeDate.ts';
import {
  EMPTY_REPORT_FORM,
  FIELD_ISSUES,
  fieldErrorKind,
  type ReportFormInput,
  reportFormSchema,
} from './reportForm.ts';

const today = new Date(2026, 5, 15);

const filled: ReportFormInput = {
  patient_firstname: 'Marie',
  patient_lastname: 'Curie',
  gender: 'f',
  patient_birthdate: '07/11/1967',
  patient_age_range: 'Adults',
  doctor_firstname: 'Louis',
  doctor_lastname: 'Pasteur',
  doctor_phone: '06 12 34 56 78',
  doctor_email: 'louis.pasteur@example.org',
  doctor_specialty: 'Immunology',
  doctor_address: '25 rue du Docteur Roux, Paris',
  doctor_zip_code: '75015',
  drug_name: 'Examplumab',
  drug_batch_number: '4711',
  drug_adverse_reaction: 'Rash on both arms two days after the first dose.',
};

const schemaFor = (locale: 'fr' | 'en' | 'de') => reportFormSchema(locale, localeDateFormat(locale), today);

function issuesOf(locale: 'fr' | 'en' | 'de', values: ReportFormInput) {
  const result = schemaFor(locale).safeParse(values);
  // The form shows the first issue of each field, as the resolver does.
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.toReversed().map((issue) => [String(issue.path[0]), issue]));
}

describe('pharmacovigilance form', () => {
  it('turns a filled French form into a report the server schema accepts', () => {
    const report = schemaFor('fr').parse(filled);

    expect(report.patient_birthdate).toBe('1967-11-07 00:00:00');
    expect(pharmacovigilanceReportSchema.safeParse(report).success).toBe(true);
  });

  it('reads the birth date in the locale order', () => {
    expect(schemaFor('en').parse({ ...filled, patient_birthdate: '11/07/1967' }).patient_birthdate).toBe(
      '1967-11-07 00:00:00',
    );
    expect(schemaFor('de').parse({ ...filled, patient_birthdate: '07.11.1967' }).patient_birthdate).toBe(
      '1967-11-07 00:00:00',
    );
    expect(issuesOf('fr', { ...filled, patient_birthdate: '11/31/1967' }).patient_birthdate?.message).toBe(
      FIELD_ISSUES.birthdate,
    );
  });

  it('requires every field, the gender and age range included', () => {
    const issues = issuesOf('fr', EMPTY_REPORT_FORM);

    expect(Object.keys(issues).sort()).toEqual(Object.keys(EMPTY_REPORT_FORM).sort());
    expect(Object.values(issues).every((issue) => fieldErrorKind(issue) === 'required')).toBe(true);
    expect(issues.drug_name?.message).toBe(MESSAGES.fieldRequired);
  });

  it('holds the doctor phone to the locale pattern: +33 or 0 then nine digits in French', () => {
    expect(issuesOf('fr', { ...filled, doctor_phone: '+33612345678' }).doctor_phone).toBeUndefined();
    expect(issuesOf('fr', { ...filled, doctor_phone: '+44612345678' }).doctor_phone?.message).toBe(
      FIELD_ISSUES.phone,
    );
    expect(issuesOf('en', { ...filled, doctor_phone: '+44612345678' }).doctor_phone).toBeUndefined();
    expect(issuesOf('de', { ...filled, doctor_phone: '12345' }).doctor_phone).toBeDefined();
  });

  it('wants positive numbers for the zip code and the batch number, and an e-mail address', () => {
    const issues = issuesOf('fr', {
      ...filled,
      doctor_zip_code: '00000',
      drug_batch_number: '12a',
      doctor_email: 'louis@',
    });

    expect(Object.keys(issues).sort()).toEqual(['doctor_email', 'doctor_zip_code', 'drug_batch_number']);
    expect(fieldErrorKind(issues.doctor_zip_code ?? {})).toBe('invalid');
  });

  it('tells a text that is too long apart from an invalid one', () => {
    const issues = issuesOf('fr', { ...filled, patient_firstname: 'x'.repeat(101) });

    expect(
      fieldErrorKind({ type: issues.patient_firstname?.code, message: issues.patient_firstname?.message }),
    ).toBe('tooLong');
  });

  it('refuses an age range the birth date contradicts, at the age range, beside other refusals', () => {
    const issues = issuesOf('fr', { ...filled, patient_age_range: 'Teenagers', drug_name: '' });

    expect(Object.keys(issues).sort()).toEqual(['drug_name', 'patient_age_range']);
    expect(issues.patient_age_range?.message).toBe(AGE_RANGE_MESSAGES.contradicts);
    expect(
      issuesOf('fr', { ...filled, patient_birthdate: '01/01/2016', patient_age_range: 'Infants' }),
    ).toEqual({});
  });
});
