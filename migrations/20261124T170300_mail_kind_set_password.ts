// A mail kind for the mail a new back-office user receives to set their own password (issue 17, part 4;
// docs/adr/0004-users-set-their-own-password.md). The mail log's CHECK holds the kinds to the domain's
// MAIL_KINDS.
import { type Kysely, sql } from 'kysely';

const KINDS = `'invitation', 'reminder', 'event_update', 'event_cancelled', 'password_reset', 'pharmacovigilance',
  'pharmacovigilance_ack'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_log DROP CONSTRAINT mail_log_kind_check;
    ALTER TABLE mail_log ADD CONSTRAINT mail_log_kind_check CHECK (kind IN (${sql.raw(KINDS)}, 'set_password'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The older CHECK cannot hold these mails' rows: they go with the kind.
  await sql`
    DELETE FROM mail_log WHERE kind = 'set_password';
    ALTER TABLE mail_log DROP CONSTRAINT mail_log_kind_check;
    ALTER TABLE mail_log ADD CONSTRAINT mail_log_kind_check CHECK (kind IN (${sql.raw(KINDS)}));
  `.execute(db);
}
