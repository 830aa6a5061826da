// Who archived a pharmacovigilance report (issue 17, part 6). Deleting a report in the back office
// archives it: the row stays, for the lab's pharmacovigilance record and its inspections, with when
// (deleted_at, already there) and by whom. The user's account may go later; the date stays.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE pharmacovigilance_reports
      ADD COLUMN deleted_by bigint REFERENCES users (id) ON DELETE SET NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pharmacovigilance_reports DROP COLUMN deleted_by;`.execute(db);
}
