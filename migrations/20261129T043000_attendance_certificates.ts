// Attendance certificates (issue 33, part 6): an event's rules (on or off, the share of its time present,
// the polls answered), and the certificates issued after it closed, each with its figures frozen at issue
// and its verification code. Both tables are followed by the audit trail like their peers (audit_row):
// rules set, certificates issued and revoked (with the revoker's reason, from the request). The holder's
// name is stored sealed under their participation's key (ADR 0008), so erasing them erases it here too;
// the trail leaves it out (the participation's own entries hold it, sealed).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE certificate_rules (
      event_id bigint PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
      lab_id bigint NOT NULL REFERENCES labs (id) ON DELETE CASCADE,
      enabled boolean NOT NULL,
      min_presence_percent integer NOT NULL CHECK (min_presence_percent BETWEEN 0 AND 100),
      min_polls_answered integer NOT NULL CHECK (min_polls_answered >= 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE certificates (
      id bigserial PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs (id) ON DELETE CASCADE,
      event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      participant_id bigint NOT NULL REFERENCES participants (id) ON DELETE CASCADE,
      code text NOT NULL UNIQUE CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{20}$'),
      name text NOT NULL,
      event_name text NOT NULL,
      lab_name text NOT NULL,
      held_at timestamptz NOT NULL,
      time_zone text NOT NULL,
      locale text NOT NULL,
      minutes_present integer NOT NULL,
      event_minutes integer NOT NULL,
      polls_answered integer NOT NULL,
      issued_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_reason text,
      revoked_by bigint REFERENCES users (id) ON DELETE SET NULL,
      UNIQUE (event_id, participant_id),
      CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
    );
    CREATE INDEX certificates_participant_idx ON certificates (participant_id);

    CREATE TRIGGER certificate_rules_audit
      AFTER INSERT OR UPDATE OR DELETE ON certificate_rules
      FOR EACH ROW EXECUTE FUNCTION audit_row('certificate-rules', 'lab_id', '', 'updated_at', '');
    CREATE TRIGGER certificates_audit
      AFTER INSERT OR UPDATE OR DELETE ON certificates
      FOR EACH ROW EXECUTE FUNCTION audit_row('certificate', 'lab_id', '', 'name', '');
  `.execute(db);

  // The mail log's kinds gain 'certificate'. Added to whatever the CHECK holds now (another migration of
  // the same release may have added its own kind), rather than written out again.
  await rewriteMailKinds("'ARRAY[', 'ARRAY[''certificate''::text, '").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM mail_log WHERE kind = 'certificate'`.execute(db);
  await rewriteMailKinds("'''certificate''::text, ', ''").execute(db);
  await sql`DROP TABLE certificates; DROP TABLE certificate_rules;`.execute(db);
}

/** The mail log's CHECK of kinds, rewritten by `replace(<its definition>, <from>, <to>)`. */
const rewriteMailKinds = (replaceArguments: string) =>
  sql.raw(`
    DO $$
    DECLARE v_check text;
    BEGIN
      SELECT pg_get_constraintdef(oid) INTO v_check FROM pg_constraint
      WHERE conname = 'mail_log_kind_check' AND conrelid = 'mail_log'::regclass;
      ALTER TABLE mail_log DROP CONSTRAINT mail_log_kind_check;
      EXECUTE 'ALTER TABLE mail_log ADD CONSTRAINT mail_log_kind_check ' || replace(v_check, ${replaceArguments});
    END $$;`);
