// The log: every room interaction as a session event, one stream per room, and the checkpoints of the
// projections that fold it. See docs/architecture.md, "The log".
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE session_events (
      global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      stream_id text NOT NULL,
      stream_version bigint NOT NULL CHECK (stream_version >= 1),
      type text NOT NULL,
      schema_version integer NOT NULL DEFAULT 1,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      event_id uuid NOT NULL UNIQUE,
      -- The writing transaction's id: readers of the whole log order by (transaction_id,
      -- global_position) and stop below the oldest transaction still running, so an event committed
      -- late by a slow transaction is never skipped.
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      occurred_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, stream_version)
    );
    CREATE INDEX session_events_global_order_idx ON session_events (transaction_id, global_position);
    CREATE INDEX session_events_type_idx ON session_events (type);

    -- The current version of each stream, the row that append locks and checks.
    CREATE TABLE session_streams (
      stream_id text PRIMARY KEY,
      version bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE projection_checkpoints (
      projection text PRIMARY KEY,
      transaction_id xid8 NOT NULL,
      global_position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE projection_checkpoints, session_streams, session_events;`.execute(db);
}
