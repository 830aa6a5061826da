// Lab content used in rooms (polls, documents, their group links) and the pharmacovigilance receivers
// and reports.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE polls (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      event_id bigint REFERENCES events(id) ON DELETE CASCADE,
      room_id bigint REFERENCES rooms(id) ON DELETE SET NULL,
      title text NOT NULL,
      question text NOT NULL CHECK (btrim(question) <> ''),
      options jsonb NOT NULL CHECK (jsonb_typeof(options) = 'array' AND jsonb_array_length(options) >= 2),
      allow_multiple boolean NOT NULL DEFAULT true,
      active boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX polls_lab_id_idx ON polls (lab_id);

    CREATE TABLE documents (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (btrim(name) <> ''),
      extension text NOT NULL DEFAULT '',
      content_type text NOT NULL DEFAULT 'application/octet-stream',
      size_bytes bigint NOT NULL DEFAULT 0,
      storage_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX documents_lab_id_idx ON documents (lab_id);

    CREATE TABLE group_medias (
      group_id bigint NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      media_id bigint NOT NULL REFERENCES medias(id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, media_id)
    );
    CREATE TABLE group_documents (
      group_id bigint NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      document_id bigint NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, document_id)
    );
    CREATE TABLE group_polls (
      group_id bigint NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      poll_id bigint NOT NULL REFERENCES polls(id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, poll_id)
    );

    CREATE TABLE pharmacovigilance_receivers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      email text NOT NULL,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pharmacovigilance_receivers_lab_idx ON pharmacovigilance_receivers (lab_id);

    CREATE TABLE pharmacovigilance_reports (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      event_id bigint REFERENCES events(id) ON DELETE SET NULL,
      room_id bigint REFERENCES rooms(id) ON DELETE SET NULL,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      participant_id bigint REFERENCES participants(id) ON DELETE SET NULL,
      username text NOT NULL,
      session_name text NOT NULL DEFAULT '',
      gender text NOT NULL CHECK (gender IN ('f', 'm')),
      patient_firstname text NOT NULL,
      patient_lastname text NOT NULL,
      patient_birthdate date NOT NULL,
      patient_age_range text NOT NULL
        CHECK (patient_age_range IN ('Newborns', 'Nurslings', 'Infants', 'Teenagers', 'Adults')),
      doctor_firstname text NOT NULL,
      doctor_lastname text NOT NULL,
      doctor_phone text NOT NULL,
      doctor_email text NOT NULL,
      doctor_specialty text NOT NULL,
      doctor_address text NOT NULL,
      doctor_zip_code text NOT NULL,
      drug_name text NOT NULL,
      drug_batch_number text NOT NULL,
      drug_adverse_reaction text NOT NULL,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pharmacovigilance_reports_lab_idx ON pharmacovigilance_reports (lab_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE pharmacovigilance_reports, pharmacovigilance_receivers, group_polls, group_documents,
      group_medias, documents, polls;
  `.execute(db);
}
