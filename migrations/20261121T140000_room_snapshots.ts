// Snapshots of room state, so a room host that takes a room over folds only the tail of its stream.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE room_snapshots (
      stream_id text PRIMARY KEY,
      version bigint NOT NULL,
      -- The shape version of the state: a snapshot of an older shape is ignored and rebuilt from the log.
      state_version integer NOT NULL,
      state jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE room_snapshots;`.execute(db);
}
