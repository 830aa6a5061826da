// Projections of the log (issue 18): each projection's read models live in tables of one generation;
// views with the read models' plain names point at the live generation, so a rebuild fills a fresh
// generation beside it and swaps the views in one transaction (docs/architecture.md, "Projections").
// A projection that fails on an event records where and why here, and stops.
// Labs get a time zone: the statistics' days, weeks and months are the lab's own.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE projection_generations (
      projection text NOT NULL,
      generation integer NOT NULL CHECK (generation >= 1),
      -- The version of the projection's code that built it.
      version integer NOT NULL,
      status text NOT NULL CHECK (status IN ('building', 'live', 'retired')),
      created_at timestamptz NOT NULL DEFAULT now(),
      live_since timestamptz,
      failed_at timestamptz,
      failed_transaction_id xid8,
      failed_global_position bigint,
      failed_event_id uuid,
      error text,
      PRIMARY KEY (projection, generation)
    );
    CREATE UNIQUE INDEX projection_generations_one_live ON projection_generations (projection)
      WHERE status = 'live';
    CREATE UNIQUE INDEX projection_generations_one_building ON projection_generations (projection)
      WHERE status = 'building';

    ALTER TABLE labs ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Paris';

    -- The closed sessions list pages through a lab's closed events, newest first.
    CREATE INDEX events_lab_closed_idx ON events (lab_id, end_date DESC, id DESC) WHERE end_date IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX events_lab_closed_idx;
    ALTER TABLE labs DROP COLUMN time_zone;
    DROP TABLE projection_generations;
  `.execute(db);
}
