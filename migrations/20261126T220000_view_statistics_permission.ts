// The permission `view_statistics` (issue 26, finding 1): a session's statistics, attendance, chat and
// replay are read by those who may see its event and hold it (admins hold every permission). Before it,
// every staff account of a lab with the stats module read them. Accounts that manage events keep what
// they used (their events' statistics); other non-admin accounts lose it until a manager grants it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO permissions (name) VALUES ('view_statistics');
    INSERT INTO user_permissions (user_id, permission_id)
      SELECT up.user_id, (SELECT id FROM permissions WHERE name = 'view_statistics')
      FROM user_permissions up JOIN permissions p ON p.id = up.permission_id
      WHERE p.name = 'manage_events';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM permissions WHERE name = 'view_statistics'`.execute(db);
}
