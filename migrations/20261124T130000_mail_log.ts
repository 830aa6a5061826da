// The mail log (issue 16): one row per mail handed to the job queue, with what it is (kind, recipient,
// subject, and the lab, event and guest it concerns), its state (queued, retrying, sent, failed), how
// many attempts it took and the last error. The mail's body is not kept: it may hold a single-use link,
// and the queue deletes a sent mail's job after an hour; the log stays, so an admin can tell who was
// written to, when, and what failed. An event's rows go with the event.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_log (
      id bigserial PRIMARY KEY,
      job_id uuid NOT NULL UNIQUE,
      lab_id integer REFERENCES labs (id) ON DELETE CASCADE,
      event_id integer REFERENCES events (id) ON DELETE CASCADE,
      participant_id integer,
      kind text NOT NULL CHECK (kind IN ('invitation', 'reminder', 'event_update', 'event_cancelled',
        'password_reset', 'pharmacovigilance')),
      recipient text NOT NULL,
      subject text NOT NULL,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'retrying', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mail_log_event_idx ON mail_log (event_id, id) WHERE event_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mail_log;`.execute(db);
}
