// The pharmacovigilance report schema shared by the room form and the server: each rule of section 5.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../auth/responses.ts';
import {
  AGE_RANGE_MESSAGES,
  ageRangeOn,
  checkAgeRange,
  DOCTOR_PHONE_PATTERNS,
  isValidBirthdate,
  isValidDoctorPhone,
  normalizePhone,
  PATIENT_AGE_RANGE_LABELS,
  PATIENT_AGE_RANGES,
  pharmacovigilanceReportRequestSchema,
  pharmacovigilanceReportSchema,
} from './report.ts';

const report = {
  patient_firstname: 'Jeanne',
  patient_lastname: 'Durand',
  gender: 'f',
  patient_birthdate: '1980-04-12 00:00:00',
  patient_age_range: 'Adults',
  doctor_firstname: 'Marc',
  doctor_lastname: 'Leroy',
  doctor_phone: '+33 6 12 34 56 78',
  doctor_email: 'marc@cabinet.fr',
  doctor_specialty: 'Cardiology',
  doctor_address: '1 rue de la Paix',
  doctor_zip_code: '01000',
  drug_name: 'Cardiozol',
  drug_batch_number: '4711',
  drug_adverse_reaction: 'Dizziness',
};

const fieldsOf = (value: unknown) => {
  const result = pharmacovigilanceReportSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('pharmacovigilance report', () => {
  it('accepts a complete report, keeping the leading zero of a zip code', () => {
    expect(pharmacovigilanceReportSchema.parse(report).doctor_zip_code).toBe('01000');
  });

  it('requires every field, a whitespace-only value counting as missing', () => {
    expect(fieldsOf({})).toHaveLength(Object.keys(report).length);
    expect(fieldsOf({ ...report, doctor_specialty: '  ' })).toEqual(['doctor_specialty']);
  });

  it('checks the phone per locale after removing spaces, dots and dashes', () => {
    expect(normalizePhone('06.12-34 56 78')).toBe('0612345678');
    expect(isValidDoctorPhone('06 12 34 56 78', 'fr')).toBe(true);
    expect(isValidDoctorPhone('+33 6 12 34 56 78', 'fr')).toBe(true);
    expect(isValidDoctorPhone('+49 151 234 567', 'fr')).toBe(false);
    expect(isValidDoctorPhone('+49 151 234 567', 'de')).toBe(true);
    expect(isValidDoctorPhone('6 12 34 56 78')).toBe(false);
    expect(DOCTOR_PHONE_PATTERNS.fr.test('0612345678')).toBe(true);
  });

  it('takes positive numbers for the zip code and the batch number, and f or m for the gender', () => {
    expect(fieldsOf({ ...report, doctor_zip_code: '000' })).toEqual(['doctor_zip_code']);
    expect(fieldsOf({ ...report, drug_batch_number: '-4' })).toEqual(['drug_batch_number']);
    expect(fieldsOf({ ...report, gender: 'fm' })).toEqual(['gender']);
  });

  it('reads the birth date as YYYY-MM-DD HH:mm:ss of a day that exists', () => {
    expect(isValidBirthdate('2024-02-29 10:30:00')).toBe(true);
    expect(isValidBirthdate('2024-02-29')).toBe(true);
    expect(isValidBirthdate('2023-02-29 10:30:00')).toBe(false);
    expect(isValidBirthdate('12/04/1980')).toBe(false);
    expect(isValidBirthdate('1980-04-12 24:00:00')).toBe(false);
  });

  it('gives each age range its ages, from the day of birth to 18 and over', () => {
    const today = new Date(Date.UTC(2026, 5, 15));
    expect(ageRangeOn('2026-06-15', today)).toBe('Newborns');
    expect(ageRangeOn('2026-05-19', today)).toBe('Newborns');
    expect(ageRangeOn('2026-05-18', today)).toBe('Nurslings');
    expect(ageRangeOn('2024-06-16', today)).toBe('Nurslings');
    expect(ageRangeOn('2024-06-15', today)).toBe('Infants');
    expect(ageRangeOn('2014-06-16', today)).toBe('Infants');
    expect(ageRangeOn('2014-06-15', today)).toBe('Teenagers');
    expect(ageRangeOn('2008-06-16 23:00:00', today)).toBe('Teenagers');
    expect(ageRangeOn('2008-06-15', today)).toBe('Adults');
    expect(ageRangeOn('2026-06-16', today)).toBeNull();
  });

  it('refuses an age range that contradicts the birth date, naming the field, server request included', () => {
    const baby = { ...report, patient_birthdate: '1980-04-12 00:00:00', patient_age_range: 'Newborns' };
    const result = pharmacovigilanceReportRequestSchema.safeParse({ ...baby, room_id: 3 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['patient_age_range', AGE_RANGE_MESSAGES.contradicts],
    ]);
    expect(fieldsOf({ ...report, patient_birthdate: '2999-01-01 00:00:00' })).toEqual(['patient_birthdate']);
    // Said beside the other refusals, not only once everything else is right.
    expect(fieldsOf({ ...baby, doctor_specialty: '' }).toSorted()).toEqual([
      'doctor_specialty',
      'patient_age_range',
    ]);
  });

  it('checks the range on the day of the report', () => {
    const issues: string[] = [];
    const context = { addIssue: (issue: { path: string[] }) => issues.push(issue.path.join('.')) };
    const child = { patient_birthdate: '2020-01-01', patient_age_range: 'Infants' };
    checkAgeRange(child, context, new Date(Date.UTC(2026, 0, 1)));
    expect(issues).toEqual([]);
    checkAgeRange(child, context, new Date(Date.UTC(2032, 0, 1)));
    expect(issues).toEqual(['patient_age_range']);
  });

  it('labels each range with its ages in every language', () => {
    for (const locale of LOCALES) {
      for (const range of PATIENT_AGE_RANGES) expect(PATIENT_AGE_RANGE_LABELS[locale][range]).toMatch(/\d/);
    }
  });
});
