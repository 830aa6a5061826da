// Lobby control (issue 33, part 2): an event may make its guests wait in the lobby until a host of
// their room admits them. Off by default, so the events planned before keep letting guests straight in.
// The events table's audit trigger (migration 20261128T220000) records the setting's changes like any
// other column of the event.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN lobby boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events DROP COLUMN lobby`.execute(db);
}
