// A mail kind for the acknowledgement a reporter receives when they file a pharmacovigilance report
// (issue 17, part 6), with its reference number. The mail log's CHECK holds the kinds to the domain's
// MAIL_KINDS.
import { type Kysely, sql } from 'kysely';

const KINDS = `'invitation', 'reminder', 'event_update', 'event_cancelled', 'password_reset', 'pharmacovigilance'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_log DROP CONSTRAINT mail_log_kind_check;
    ALTER TABLE mail_log ADD CONSTRAINT mail_log_kind_check
      CHECK (kind IN (${sql.raw(KINDS)}, 'pharmacovigilance_ack'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The older CHECK cannot hold the acknowledgements' rows: they go with the kind.
  await sql`
    DELETE FROM mail_log WHERE kind = 'pharmacovigilance_ack';
    ALTER TABLE mail_log DROP CONSTRAINT mail_log_kind_check;
    ALTER TABLE mail_log ADD CONSTRAINT mail_log_kind_check CHECK (kind IN (${sql.raw(KINDS)}));
  `.execute(db);
}
