// The permission to answer a person's request for their data (GDPR access, issue 32). Admins hold it
// by their role; others are given it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO permissions (name) VALUES ('manage_personal_data')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM permissions WHERE name = 'manage_personal_data'`.execute(db);
}
