// A user removed from the back office while they own events is deactivated rather than deleted (issue
// 17, part 4): the events keep their owner (an event's owner is who sees it when their role is `user`,
// and the statistics name them), the account can no longer sign in, and it leaves the lists. When and by
// whom are kept. The index serves the back office's list: a lab's active users in id order.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN deactivated_at timestamptz,
      ADD COLUMN deactivated_by bigint REFERENCES users (id) ON DELETE SET NULL;
    CREATE INDEX users_lab_active_idx ON users (lab_id, id) WHERE deactivated_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX users_lab_active_idx;
    ALTER TABLE users DROP COLUMN deactivated_by, DROP COLUMN deactivated_at;
  `.execute(db);
}
