// The pharmacovigilance report schema shared by the room form and the server: each rule of section 5.
import { describe, expect, it } from 'vitest';
import {
  DOCTOR_PHONE_PATTERNS,
  isValidBirthdate,
  isValidDoctorPhone,
  normalizePhone,
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
});
