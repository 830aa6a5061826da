// A mail kind for the fresh personal link a guest asks for from a used or expired one (issue 26, finding
// 5: POST /api/personal-links/resend). The mail log's CHECK holds the kinds to the domain's MAIL_KINDS.
import { type Kysely, sql } from 'kysely';

const KINDS = `'invitation', 'reminder', 'event_update', 'event_cancelled', 'password_reset', 'pharmacovigilance',
  'pharmacovigilance_ack', 'set_password', 'email_change', 'email_change_notice'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_log DROP CONSTRAINT mail_log_kind_check;
    ALTER TABLE mail_log ADD CONSTRAINT mail_log_kind_check CHECK (kind IN (${sql.raw(KINDS)}, 'personal_link'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The older CHECK cannot hold these mails' rows: they go with the kind.
  await sql`
    DELETE FROM mail_log WHERE kind = 'personal_link';
    ALTER TABLE mail_log DROP CONSTRAINT mail_log_kind_check;
    ALTER TABLE mail_log ADD CONSTRAINT mail_log_kind_check CHECK (kind IN (${sql.raw(KINDS)}));
  `.execute(db);
}
