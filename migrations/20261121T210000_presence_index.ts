// The index on every event's type served one query only, "is this person online in the event's rooms"
// (apps/server/src/rooms/onlineParticipants.ts), and every append paid for it: a chat message, the most
// frequent event, updated an index it was never looked up by. A partial index holds the presence events
// alone, by stream, which is what that query asks for; other events do not touch it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX session_events_type_idx;
    CREATE INDEX session_events_presence_idx ON session_events (stream_id, global_position)
      WHERE type IN ('ParticipantJoined', 'ParticipantLeft');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX session_events_presence_idx;
    CREATE INDEX session_events_type_idx ON session_events (type);
  `.execute(db);
}
