// Documents uploaded in the back office (issue 17, part 3). A document keeps the sanitised name of the
// file it was uploaded from. Deleting one keeps its row as a tombstone (deleted_at, deleted_by) and
// removes its file: the sessions it was shared in and its download records still name it, and its
// download answers 410 Gone. Every download is recorded, with who and from which room, for the statistics.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE documents
      ADD COLUMN file_name text NOT NULL DEFAULT '',
      ADD COLUMN deleted_at timestamptz,
      ADD COLUMN deleted_by bigint REFERENCES users (id) ON DELETE SET NULL;

    CREATE TABLE document_downloads (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs (id) ON DELETE CASCADE,
      document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      user_id bigint REFERENCES users (id) ON DELETE SET NULL,
      participant_id bigint REFERENCES participants (id) ON DELETE SET NULL,
      event_id bigint REFERENCES events (id) ON DELETE SET NULL,
      room_id bigint REFERENCES rooms (id) ON DELETE SET NULL,
      downloaded_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX document_downloads_document_idx ON document_downloads (document_id);
    CREATE INDEX document_downloads_lab_time_idx ON document_downloads (lab_id, downloaded_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE document_downloads;
    ALTER TABLE documents DROP COLUMN deleted_by, DROP COLUMN deleted_at, DROP COLUMN file_name;
  `.execute(db);
}
