// Business events (meetings), their rooms, presentation medias, participants and invitations, plus the
// dates that cannot be picked (deployment schedulers) and the e-mail templates per media.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE medias (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint REFERENCES labs(id) ON DELETE CASCADE,
      name text NOT NULL,
      slug text NOT NULL,
      build_path text,
      build_compression text,
      canvas_width integer NOT NULL DEFAULT 960,
      canvas_height integer NOT NULL DEFAULT 600,
      full_canvas boolean NOT NULL DEFAULT false,
      thumbnail_url text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      owner_id bigint REFERENCES users(id) ON DELETE SET NULL,
      name text NOT NULL CHECK (btrim(name) <> ''),
      type text NOT NULL DEFAULT 'rp',
      description text NOT NULL DEFAULT '',
      slug text NOT NULL UNIQUE,
      is_public boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT false,
      planned_start_date timestamptz NOT NULL,
      planned_end_date timestamptz NOT NULL,
      start_date timestamptz,
      end_date timestamptz,
      rooms_needed integer NOT NULL DEFAULT 1 CHECK (rooms_needed >= 1),
      auto_dispatcher boolean NOT NULL DEFAULT true,
      to_broadcast boolean NOT NULL DEFAULT false,
      email_relaunch_j7 boolean NOT NULL DEFAULT false,
      email_relaunch_j1 boolean NOT NULL DEFAULT false,
      email_relaunch_h1 boolean NOT NULL DEFAULT false,
      default_timezone text NOT NULL DEFAULT 'Europe/Paris',
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (planned_end_date >= planned_start_date)
    );
    CREATE INDEX events_lab_id_idx ON events (lab_id);
    CREATE INDEX events_owner_id_idx ON events (owner_id);

    CREATE TABLE event_medias (
      event_id bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      media_id bigint NOT NULL REFERENCES medias(id),
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (event_id, media_id)
    );

    CREATE TABLE rooms (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_id bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT '',
      opentok_session_id text,
      active_modules text[] NOT NULL DEFAULT ARRAY['chat', 'polls', 'notes', 'stats', 'active_camera'],
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX rooms_event_id_idx ON rooms (event_id);

    CREATE TABLE participants (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_id bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      room_id bigint REFERENCES rooms(id) ON DELETE SET NULL,
      email text NOT NULL,
      name text NOT NULL DEFAULT '',
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      role text NOT NULL DEFAULT 'participant'
        CHECK (role IN ('participant', 'animator', 'observer', 'observer-animator')),
      job text,
      location text,
      timezone text,
      google_refresh_token text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- One participation per person and event.
    CREATE UNIQUE INDEX participants_event_email_key ON participants (event_id, lower(email));
    CREATE INDEX participants_user_id_idx ON participants (user_id);

    ALTER TABLE refresh_tokens
      ADD CONSTRAINT refresh_tokens_participant_fk
      FOREIGN KEY (participant_id) REFERENCES participants(id) ON DELETE CASCADE;

    CREATE TABLE event_invitations (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_id bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
      participant_id bigint NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
      room_id bigint REFERENCES rooms(id) ON DELETE SET NULL,
      role text NOT NULL DEFAULT 'participant'
        CHECK (role IN ('participant', 'animator', 'observer', 'observer-animator')),
      token_hash text UNIQUE,
      token_expires_at timestamptz,
      token_used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX event_invitations_event_idx ON event_invitations (event_id);

    CREATE TABLE deployment_schedulers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      date date NOT NULL UNIQUE
    );

    CREATE TABLE email_templates (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint REFERENCES labs(id) ON DELETE CASCADE,
      media_id bigint REFERENCES medias(id) ON DELETE CASCADE,
      tag text NOT NULL,
      locale text NOT NULL DEFAULT 'fr' CHECK (locale IN ('fr', 'en', 'de')),
      subject text NOT NULL DEFAULT '',
      body text NOT NULL DEFAULT '',
      params jsonb NOT NULL DEFAULT '{}',
      provider_template_number integer,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE email_templates, deployment_schedulers, event_invitations;
    ALTER TABLE refresh_tokens DROP CONSTRAINT refresh_tokens_participant_fk;
    DROP TABLE participants, rooms, event_medias, events, medias;
  `.execute(db);
}
