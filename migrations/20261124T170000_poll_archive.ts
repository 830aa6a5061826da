// Deleting a poll in the back office archives it (issue 17, part 2): a poll asked in a room stays in that
// session's record (the room's log and state hold it under String(poll id), its REST views read the
// row), so the row stays, out of the back office's lists and the rooms' offers, with when and by whom.
// The index serves the back office's list: a lab's polls not archived, newest first.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE polls
      ADD COLUMN deleted_at timestamptz,
      ADD COLUMN deleted_by bigint REFERENCES users (id) ON DELETE SET NULL;
    CREATE INDEX polls_lab_listed_idx ON polls (lab_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX polls_lab_listed_idx;
    ALTER TABLE polls DROP COLUMN deleted_by, DROP COLUMN deleted_at;
  `.execute(db);
}
