// A report's signed content and its hash (issue 32, part 3): what the filer signed is the report as
// stored (every field of the form, the birth date as the day it is), where it was filed, who filed it
// and the signature's own manifestation (name, instant, meaning), as canonical JSON (RFC 8785). The
// same function hashes it when it is filed and when it is read back, so a field changed in the database
// afterwards makes the signature no longer match.
import { createHash } from 'node:crypto';
import type { SignatureMeaning } from '@lablive/domain';
import { canonicalJson } from '@lablive/verify';

export type SignedContent = {
  lab_id: number;
  event_id: number | null;
  room_id: number | null;
  user_id: number | null;
  participant_id: number | null;
  username: string;
  session_name: string;
  gender: string;
  patient_firstname: string;
  patient_lastname: string;
  /** YYYY-MM-DD */
  patient_birthdate: string;
  patient_age_range: string;
  doctor_firstname: string;
  doctor_lastname: string;
  doctor_phone: string;
  doctor_email: string;
  doctor_specialty: string;
  doctor_address: string;
  doctor_zip_code: string;
  drug_name: string;
  drug_batch_number: string;
  drug_adverse_reaction: string;
  signed_name: string;
  signed_at: Date;
  signature_meaning: SignatureMeaning;
};

export function reportContentHash(content: SignedContent): Buffer {
  const signed = { ...content, signed_at: content.signed_at.toISOString() };
  return createHash('sha256').update(canonicalJson(signed), 'utf8').digest();
}

const SIGNED_FIELDS = [
  'lab_id',
  'event_id',
  'room_id',
  'user_id',
  'participant_id',
  'username',
  'session_name',
  'gender',
  'patient_firstname',
  'patient_lastname',
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
  'signed_name',
  'signed_at',
  'signature_meaning',
] as const satisfies readonly (keyof SignedContent)[];

/** The signed content of a row (stored or about to be): its signed fields, nothing else. */
export function signedContentOf(row: SignedContent): SignedContent {
  return Object.fromEntries(SIGNED_FIELDS.map((field) => [field, row[field]])) as SignedContent;
}
