// Pharmacovigilance reports and the lab's receivers of them. A report is stored before anything is
// mailed: the stored row is the record the lab keeps, the mail is only a notice.
import type { PharmacovigilanceReport } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

export type ReportOrigin = {
  labId: number;
  eventId: number;
  roomId: number;
  userId: number | null;
  participantId: number;
  username: string;
  sessionName: string;
};

export async function insertReport(
  db: Db,
  origin: ReportOrigin,
  report: PharmacovigilanceReport,
): Promise<{ id: number; created_at: Date }> {
  return db
    .insertInto('pharmacovigilance_reports')
    .values({
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
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function listActiveReceivers(db: Db, labId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pharmacovigilance_receivers')
    .select('email')
    .where('lab_id', '=', labId)
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  return [...new Set(rows.map((row) => row.email.trim().toLowerCase()))];
}
