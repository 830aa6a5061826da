// The one check of a registration's answers (issue 33, part 5), the server's and the form's: each problem
// names its field; required fields answered, a choice one of the field's, a yes/no a boolean (a required
// one ticked), no field the form lacks; and the form's own rules (two choices at least, keys unique).
import { describe, expect, it } from 'vitest';
import {
  type RegistrationField,
  registrationAnswerProblems,
  registrationSettingsSchema,
} from './registration.ts';

const label = (word: string) => ({ fr: word, en: word, de: word });
const FIELDS: RegistrationField[] = [
  {
    key: 'specialty',
    type: 'choice',
    label: label('Specialty'),
    required: true,
    choices: [
      { key: 'cardio', label: label('Cardiology') },
      { key: 'onco', label: label('Oncology') },
    ],
  },
  { key: 'rpps', type: 'text', label: label('RPPS'), required: false, choices: [] },
  { key: 'hcp', type: 'yes_no', label: label('HCP'), required: true, choices: [] },
];

describe('registrationAnswerProblems', () => {
  it('accepts a complete answer, an optional field left out', () => {
    expect(registrationAnswerProblems(FIELDS, { specialty: 'cardio', hcp: true })).toEqual([]);
  });

  it('names each problem by its field', () => {
    expect(
      registrationAnswerProblems(FIELDS, { specialty: 'surgery', hcp: false, age: '40', rpps: true }),
    ).toEqual([
      'answers.age: is not a field of this form',
      'answers.specialty: is not one of the choices',
      'answers.rpps: must be text',
      'answers.hcp: is required',
    ]);
    expect(registrationAnswerProblems(FIELDS, { specialty: '  ' })).toEqual([
      'answers.specialty: is required',
      'answers.hcp: is required',
    ]);
    expect(registrationAnswerProblems(FIELDS, { specialty: 'cardio', hcp: true, rpps: 'a\nb' })).toHaveLength(
      1,
    );
  });
});

describe('registrationSettingsSchema', () => {
  const settings = { enabled: true, capacity: 10, approval: false, consent_kinds: [], fields: FIELDS };

  it('takes a sound form', () => {
    expect(registrationSettingsSchema.safeParse(settings).success).toBe(true);
  });

  it('refuses a choice with one option, a key twice, a capacity of 0', () => {
    const oneChoice = { ...FIELDS[0], choices: FIELDS[0]?.choices.slice(0, 1) };
    expect(registrationSettingsSchema.safeParse({ ...settings, fields: [oneChoice] }).success).toBe(false);
    expect(
      registrationSettingsSchema.safeParse({ ...settings, fields: [FIELDS[1], FIELDS[1]] }).success,
    ).toBe(false);
    expect(registrationSettingsSchema.safeParse({ ...settings, capacity: 0 }).success).toBe(false);
  });
});
