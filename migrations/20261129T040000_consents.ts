// Consent (issue 33, part 1): a lab's consent texts, their versions and the guests' acceptances.
// - consents: one per lab and kind (data processing, recording, contact), asked or not (`active`).
// - consent_versions: each version's texts in fr, en and de and whether it is required. Never changed
//   once written (a trigger refuses it): what a guest accepted is the exact text they saw.
// - consent_records: who accepted which version, when and where (public page, invitation), and when
//   they withdrew it. The room's log receives them as ConsentGiven / ConsentWithdrawn when the guest
//   enters or withdraws (docs/architecture.md, "Consent").
// All three are in the audit trail (audit_row, migrations 20261128T220000 and 20261129T010000), like the
// lab's other settings. They hold no personal free text: a guest is named by their participation.
import { type Kysely, sql } from 'kysely';

const AUDITED = [
  { table: 'consents', recordType: 'consent' },
  { table: 'consent_versions', recordType: 'consent-version' },
  { table: 'consent_records', recordType: 'consent-record' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE consents (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('data_processing', 'recording', 'contact')),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (lab_id, kind)
    );

    CREATE TABLE consent_versions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      consent_id bigint NOT NULL REFERENCES consents (id) ON DELETE CASCADE,
      lab_id bigint NOT NULL REFERENCES labs (id) ON DELETE CASCADE,
      version integer NOT NULL CHECK (version > 0),
      required boolean NOT NULL,
      text_fr text NOT NULL,
      text_en text NOT NULL,
      text_de text NOT NULL,
      created_by bigint REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (consent_id, version)
    );

    -- A version's words are what guests accepted: an edit is a new version, never a change of this one.
    CREATE FUNCTION consent_versions_unchanged() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF (OLD.version, OLD.required, OLD.text_fr, OLD.text_en, OLD.text_de, OLD.consent_id, OLD.lab_id)
        IS DISTINCT FROM (NEW.version, NEW.required, NEW.text_fr, NEW.text_en, NEW.text_de, NEW.consent_id, NEW.lab_id)
      THEN
        RAISE EXCEPTION 'a consent version is never changed: write a new version' USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER consent_versions_unchanged BEFORE UPDATE ON consent_versions
      FOR EACH ROW EXECUTE FUNCTION consent_versions_unchanged();

    CREATE TABLE consent_records (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs (id) ON DELETE CASCADE,
      participant_id bigint NOT NULL REFERENCES participants (id) ON DELETE CASCADE,
      consent_id bigint NOT NULL REFERENCES consents (id) ON DELETE CASCADE,
      version_id bigint NOT NULL REFERENCES consent_versions (id) ON DELETE CASCADE,
      source text NOT NULL CHECK (source IN ('public_page', 'invitation')),
      given_at timestamptz NOT NULL,
      withdrawn_at timestamptz CHECK (withdrawn_at IS NULL OR withdrawn_at >= given_at),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- One acceptance in force per guest and version; a withdrawn one stays beside a later acceptance.
    CREATE UNIQUE INDEX consent_records_in_force ON consent_records (participant_id, version_id)
      WHERE withdrawn_at IS NULL;
    CREATE INDEX consent_records_participant ON consent_records (participant_id);
  `.execute(db);

  for (const { table, recordType } of AUDITED) {
    const args = [recordType, 'lab_id', '', '', ''];
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_audit`)}
        AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION audit_row(${sql.join(args.map((arg) => sql.lit(arg)))})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE consent_records;
    DROP TABLE consent_versions;
    DROP FUNCTION consent_versions_unchanged();
    DROP TABLE consents;
  `.execute(db);
}
