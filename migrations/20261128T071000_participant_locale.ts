// The language a guest chose on the public event page (issue 28, part 3): their mails (reminders,
// updates, cancellations, calendar page) are in their account's language, else this one, else their
// lab's default. Null for guests who never chose one (added by a manager, with no account).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE participants ADD COLUMN locale text
      CONSTRAINT participants_locale_check CHECK (locale IN ('fr', 'en', 'de'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE participants DROP COLUMN locale`.execute(db);
}
