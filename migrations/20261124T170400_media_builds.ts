// Medias managed in the back office (issue 17, part 7): a media is an embedded page (its address in
// build_path) or a build uploaded as a zip, extracted into DATA_DIR/files/medias/<lab>/<media>/<version>/
// and served at /media-builds/<media>/<version>/ (build_path then points there). The version is a random
// id: a new upload is a new folder, swapped in by updating the row. A media that closed events used is
// archived rather than deleted (those events keep it); a lab's slugs are unique among its medias not
// archived, and the platform's shared ones (no lab) among themselves.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE medias
      ADD COLUMN kind text NOT NULL DEFAULT 'page' CHECK (kind IN ('page', 'build')),
      ADD COLUMN build_version text,
      ADD COLUMN build_size_bytes bigint,
      ADD COLUMN build_file_count integer,
      ADD COLUMN build_uploaded_at timestamptz,
      ADD COLUMN archived_at timestamptz,
      ADD COLUMN archived_by bigint REFERENCES users (id) ON DELETE SET NULL;
    CREATE UNIQUE INDEX medias_lab_slug_idx ON medias (lab_id, slug) NULLS NOT DISTINCT
      WHERE archived_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX medias_lab_slug_idx;
    ALTER TABLE medias
      DROP COLUMN archived_by,
      DROP COLUMN archived_at,
      DROP COLUMN build_uploaded_at,
      DROP COLUMN build_file_count,
      DROP COLUMN build_size_bytes,
      DROP COLUMN build_version,
      DROP COLUMN kind;
  `.execute(db);
}
