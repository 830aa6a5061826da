// The version of an event's calendar entries (RFC 5545 SEQUENCE), counted: every change a calendar
// shows (a move, a rename, a cancellation, a guest withdrawn) adds one in the change's transaction. It
// was the seconds since 2020 at the change, so two changes within one second carried the same version
// and a calendar could keep the older one.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events DROP COLUMN calendar_sequence;`.execute(db);
}
