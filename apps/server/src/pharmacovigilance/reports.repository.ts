// Pharmacovigilance reports. A report is stored before anything is mailed: the stored row is the record
// the lab keeps, the mail is only a notice. Deleting one in the back office archives it (deleted_at,
// deleted_by): an archived report is out of every list and read, but its row stays. Reads are scoped to
// one lab; the patient's names are read only to make their initials, and never leave this module.
import {
  type PharmacovigilanceReport,
  patientInitials,
  type ReportDetail,
  type ReportSignature,
  type ReportSummary,
  reportReference,
  type SignatureMeaning,
} from '@lablive/domain';
import { type Selectable, sql } from 'kysely';
import { archiveInLab } from '../db/archiveInLab.ts';
import type { Db } from '../db/connection.ts';
import type { PharmacovigilanceReportsTable } from '../db/schema.ts';
import { reportContentHash, signedContentOf } from './reportSignature.ts';

export type ReportOrigin = {
  labId: number;
  eventId: number;
  roomId: number;
  userId: number | null;
  participantId: number;
  username: string;
  sessionName: string;
};

/** Who signs a report by filing it, when, and what the signature means. */
export type FilingSignature = { name: string; at: Date; meaning: SignatureMeaning };

export async function insertReport(
  db: Db,
  origin: ReportOrigin,
  report: PharmacovigilanceReport,
  signature: FilingSignature,
): Promise<{ id: number; created_at: Date; signed_at: Date; content_hash: Buffer }> {
  const row = {
    ...report,
    // The form sends 'YYYY-MM-DD HH:mm:ss'; a birth date is a day.
    patient_birthdate: report.patient_birthdate.slice(0, 10),
    lab_id: origin.labId,
    event_id: origin.eventId,
    room_id: origin.roomId,
    user_id: origin.userId,
    participant_id: origin.participantId,
    username: origin.username,
    session_name: origin.sessionName,
    signed_name: signature.name,
    signed_at: signature.at,
    signature_meaning: signature.meaning,
  };
  const contentHash = reportContentHash(signedContentOf(row));
  const stored = await db
    .insertInto('pharmacovigilance_reports')
    .values({ ...row, content_hash: contentHash })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...stored, signed_at: signature.at, content_hash: contentHash };
}

/** A stored report's signature, and whether the report still hashes to what was signed. */
function signatureOf(
  row: Selectable<PharmacovigilanceReportsTable> & { birthday: string },
): ReportSignature | null {
  if (!row.signed_name || !row.signed_at || !row.signature_meaning || !row.content_hash) return null;
  const content = signedContentOf({
    ...row,
    patient_birthdate: row.birthday,
    signed_name: row.signed_name,
    signed_at: row.signed_at,
    signature_meaning: row.signature_meaning,
  });
  return {
    name: row.signed_name,
    signed_at: row.signed_at.toISOString(),
    meaning: row.signature_meaning,
    content_hash: row.content_hash.toString('hex'),
    intact: reportContentHash(content).equals(row.content_hash),
  };
}

type SummaryColumns = Pick<
  Selectable<PharmacovigilanceReportsTable>,
  'id' | 'user_id' | 'username' | 'created_at' | 'session_name' | 'drug_name'
>;

function toSummary(row: SummaryColumns): ReportSummary {
  return {
    id: row.id,
    reference: reportReference(row.id, row.created_at),
    user: row.user_id,
    username: row.username,
    date: row.created_at.toISOString(),
    session_name: row.session_name,
    drug_name: row.drug_name,
  };
}

/** The lab's reports that are not archived. */
const labReports = (db: Db, labId: number) =>
  db
    .selectFrom('pharmacovigilance_reports')
    .where('pharmacovigilance_reports.lab_id', '=', labId)
    .where('pharmacovigilance_reports.deleted_at', 'is', null);

/** A page of the lab's reports, newest first, and how many there are in all. */
export async function listLabReports(
  db: Db,
  labId: number,
  page: { start: number; count: number },
): Promise<{ items: ReportSummary[]; total: number }> {
  const [rows, counted] = await Promise.all([
    labReports(db, labId)
      .select(['id', 'user_id', 'username', 'created_at', 'session_name', 'drug_name'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.start)
      .limit(page.count)
      .execute(),
    labReports(db, labId)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toSummary), total: Number(counted.total) };
}

/** A report as its page and its PDF show it, with the lab's name and the time zone of its session. */
export type ReportRecord = { report: ReportDetail; labName: string; timeZone: string };

export async function findLabReport(db: Db, labId: number, id: number): Promise<ReportRecord | undefined> {
  const row = await labReports(db, labId)
    .innerJoin('labs', 'labs.id', 'pharmacovigilance_reports.lab_id')
    .leftJoin('events', 'events.id', 'pharmacovigilance_reports.event_id')
    .selectAll('pharmacovigilance_reports')
    // A date column read as text: as a Date it would be midnight in the server's zone, a day off in some.
    .select(sql<string>`to_char(pharmacovigilance_reports.patient_birthdate, 'YYYY-MM-DD')`.as('birthday'))
    .select(['labs.name as lab_name', 'events.default_timezone as time_zone'])
    .where('pharmacovigilance_reports.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    report: {
      ...toSummary(row),
      event_id: row.event_id,
      gender: row.gender,
      patient_initials: patientInitials(row.patient_firstname, row.patient_lastname),
      patient_birthday: row.birthday,
      age_range: row.patient_age_range,
      doctor_lastname: row.doctor_lastname,
      doctor_firstname: row.doctor_firstname,
      phone_number: row.doctor_phone,
      doctor_email: row.doctor_email,
      doctor_specialty: row.doctor_specialty,
      doctor_address: row.doctor_address,
      doctor_zip_code: row.doctor_zip_code,
      drug_batch_number: row.drug_batch_number,
      drug_adverse_reaction: row.drug_adverse_reaction,
      signature: signatureOf(row),
    },
    labName: row.lab_name,
    // The session's zone; UTC once its event is gone.
    timeZone: row.time_zone ?? 'UTC',
  };
}

/** Archives those of `ids` that are the lab's and not archived yet; answers how many that was. */
export async function archiveReports(
  db: Db,
  labId: number,
  ids: readonly number[],
  by: { userId: number; at: Date },
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await archiveInLab(db, 'pharmacovigilance_reports', labId, ids, by).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
