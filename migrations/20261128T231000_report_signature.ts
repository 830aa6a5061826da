// A pharmacovigilance report's electronic signature (issue 32, part 3; 21 CFR 11.50, 11.70): the
// filer's printed name, when they signed, what the signature means, and the SHA-256 of the signed
// content that binds it to the report. Reports filed before stay unsigned (null).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE pharmacovigilance_reports
      ADD COLUMN signed_name text,
      ADD COLUMN signed_at timestamptz,
      ADD COLUMN signature_meaning text CHECK (signature_meaning IN ('authorship')),
      ADD COLUMN content_hash bytea CHECK (length(content_hash) = 32),
      ADD CONSTRAINT pharmacovigilance_reports_signature_whole CHECK (
        (signed_name IS NULL) = (signed_at IS NULL)
        AND (signed_at IS NULL) = (signature_meaning IS NULL)
        AND (signature_meaning IS NULL) = (content_hash IS NULL)
      );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE pharmacovigilance_reports
      DROP CONSTRAINT pharmacovigilance_reports_signature_whole,
      DROP COLUMN content_hash, DROP COLUMN signature_meaning, DROP COLUMN signed_at, DROP COLUMN signed_name;
  `.execute(db);
}
