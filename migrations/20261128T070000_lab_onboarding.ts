// Labs set up without SQL (issue 28, part 1): a slug naming the lab in addresses and lists, the language
// its mails and pages fall back to, and the time it was suspended (sign-in refused, sessions ended until a
// super-admin resumes it). The permission `manage_labs` is the platform's: super-admins hold it, a lab's
// admins do not (domain access.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE labs ADD COLUMN slug text;
    UPDATE labs SET slug = 'lab-' || id;
    ALTER TABLE labs ALTER COLUMN slug SET NOT NULL;
    ALTER TABLE labs ADD CONSTRAINT labs_slug_key UNIQUE (slug);
    ALTER TABLE labs ADD COLUMN default_locale text NOT NULL DEFAULT 'fr'
      CONSTRAINT labs_default_locale_check CHECK (default_locale IN ('fr', 'en', 'de'));
    ALTER TABLE labs ADD COLUMN suspended_at timestamptz;
    INSERT INTO permissions (name) VALUES ('manage_labs');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM permissions WHERE name = 'manage_labs';
    ALTER TABLE labs DROP COLUMN suspended_at, DROP COLUMN default_locale, DROP COLUMN slug;
  `.execute(db);
}
