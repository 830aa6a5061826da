// Pending e-mail changes (issue 26, finding 2): a back-office account's address changes only once a link
// mailed to the new address is followed, so an account's e-mail is always one its owner proved (and a
// participation matched by it is theirs). One pending change per account; its token stored as SHA-256.
// Two mail kinds: the confirmation link to the new address, and the notice to the old one.
import { type Kysely, sql } from 'kysely';

const KINDS = `'invitation', 'reminder', 'event_update', 'event_cancelled', 'password_reset', 'pharmacovigilance',
  'pharmacovigilance_ack', 'set_password'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_changes (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      new_email text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      requested_by bigint REFERENCES users(id) ON DELETE SET NULL,
      requested_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    ALTER TABLE mail_log DROP CONSTRAINT mail_log_kind_check;
    ALTER TABLE mail_log ADD CONSTRAINT mail_log_kind_check
      CHECK (kind IN (${sql.raw(KINDS)}, 'email_change', 'email_change_notice'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM mail_log WHERE kind IN ('email_change', 'email_change_notice');
    ALTER TABLE mail_log DROP CONSTRAINT mail_log_kind_check;
    ALTER TABLE mail_log ADD CONSTRAINT mail_log_kind_check CHECK (kind IN (${sql.raw(KINDS)}));
    DROP TABLE email_changes;
  `.execute(db);
}
