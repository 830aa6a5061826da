// Registration for public events (issue 33, part 5): an event's registration form (on or off, capacity,
// approval, the consent kinds required, the custom fields), the registrations (a claim of an address until
// the link mailed to it is followed, then pending, registered or waitlisted by capacity, or refused,
// cancelled, removed) and the registration events the statistics count (one row per change, never
// changed). The form and the registrations are in the audit trail like their peers (audit_row); a
// registration's name, address and answers are sealed there under its subject (registration:<id>), and its
// confirmation token is masked (only its hash is stored anyway).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE registration_forms (
      event_id bigint PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
      lab_id bigint NOT NULL REFERENCES labs (id) ON DELETE CASCADE,
      enabled boolean NOT NULL,
      capacity integer CHECK (capacity IS NULL OR capacity > 0),
      approval boolean NOT NULL,
      consent_kinds text[] NOT NULL DEFAULT '{}',
      fields jsonb NOT NULL DEFAULT '[]',
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE registrations (
      id bigserial PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs (id) ON DELETE CASCADE,
      event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      participant_id bigint REFERENCES participants (id) ON DELETE SET NULL,
      status text NOT NULL CHECK (status IN
        ('unconfirmed', 'pending', 'registered', 'waitlisted', 'refused', 'cancelled', 'removed')),
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      locale text NOT NULL CHECK (locale IN ('fr', 'en', 'de')),
      time_zone text NOT NULL,
      answers jsonb NOT NULL DEFAULT '{}',
      consent_version_ids bigint[] NOT NULL DEFAULT '{}',
      confirm_token_hash text UNIQUE,
      confirm_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      confirmed_at timestamptz,
      -- When it joined the waiting list: the list moves up in this order.
      waitlisted_at timestamptz,
      decided_at timestamptz,
      refusal_reason text
    );
    -- One registration in force per address and event; a cancelled, refused or removed one may register again.
    CREATE UNIQUE INDEX registrations_in_force ON registrations (event_id, lower(email))
      WHERE status IN ('unconfirmed', 'pending', 'registered', 'waitlisted');
    CREATE INDEX registrations_event_status ON registrations (event_id, status);

    CREATE TABLE registration_events (
      id bigserial PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs (id) ON DELETE CASCADE,
      event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      registration_id bigint NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('requested', 'confirmed', 'registered', 'waitlisted', 'promoted',
        'approved', 'refused', 'cancelled', 'removed')),
      by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX registration_events_event ON registration_events (event_id, kind);

    CREATE TRIGGER registration_forms_audit
      AFTER INSERT OR UPDATE OR DELETE ON registration_forms
      FOR EACH ROW EXECUTE FUNCTION audit_row('registration-form', 'lab_id', '', 'updated_at', '');
    CREATE TRIGGER registrations_audit
      AFTER INSERT OR UPDATE OR DELETE ON registrations
      FOR EACH ROW EXECUTE FUNCTION audit_row('registration', 'lab_id',
        'confirm_token_hash', 'confirm_expires_at', 'email,first_name,last_name,answers');
  `.execute(db);

  // The mail log's kinds gain 'registration'. Added to whatever the CHECK holds now (another migration of
  // the same release may have added its own kind), rather than written out again.
  await rewriteMailKinds("'ARRAY[', 'ARRAY[''registration''::text, '").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM mail_log WHERE kind = 'registration'`.execute(db);
  await rewriteMailKinds("'''registration''::text, ', ''").execute(db);
  await sql`DROP TABLE registration_events; DROP TABLE registrations; DROP TABLE registration_forms;`.execute(
    db,
  );
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
