// Labs with their modules and theme, back-office users with roles and permissions, groups, and the
// tokens of sign-in (refresh, password reset).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE labs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      logo_url text,
      header_image_url text,
      waiting_room_image_url text,
      primary_color text NOT NULL DEFAULT '#3571ff' CHECK (primary_color ~ '^#[0-9a-fA-F]{6}$'),
      background_color text NOT NULL DEFAULT '#f8f9fe' CHECK (background_color ~ '^#[0-9a-fA-F]{6}$'),
      third_color text NOT NULL DEFAULT '#191e4d' CHECK (third_color ~ '^#[0-9a-fA-F]{6}$'),
      plan_minutes integer NOT NULL DEFAULT 0 CHECK (plan_minutes >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE lab_modules (
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      module text NOT NULL
        CHECK (module IN ('pharmacovigilance', 'share_document', 'active_camera', 'polls', 'stats')),
      PRIMARY KEY (lab_id, module)
    );

    CREATE TABLE roles (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL UNIQUE
    );
    INSERT INTO roles (name) VALUES ('admin'), ('super-admin'), ('user');

    CREATE TABLE permissions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL UNIQUE
    );
    INSERT INTO permissions (name) VALUES
      ('manage_events'), ('manage_users'), ('manage_documents'), ('manage_polls'),
      ('manage_pharmacovigilance'), ('view_consumption');

    CREATE TABLE users (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      email text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      job text,
      address text,
      therapeutic_area text,
      avatar_url text,
      locale text NOT NULL DEFAULT 'fr' CHECK (locale IN ('fr', 'en', 'de')),
      password_hash text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- E-mails are unique whatever their case: sign-in looks them up lower-cased.
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));
    CREATE INDEX users_lab_id_idx ON users (lab_id);

    CREATE TABLE user_roles (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role_id bigint NOT NULL REFERENCES roles(id),
      PRIMARY KEY (user_id, role_id)
    );

    CREATE TABLE user_permissions (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      permission_id bigint NOT NULL REFERENCES permissions(id),
      PRIMARY KEY (user_id, permission_id)
    );

    CREATE TABLE groups (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lab_id bigint NOT NULL REFERENCES labs(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (btrim(name) <> ''),
      color text NOT NULL DEFAULT '#3c7cff',
      picture_url text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX groups_lab_id_idx ON groups (lab_id);

    CREATE TABLE group_users (
      group_id bigint NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, user_id)
    );

    -- Refresh tokens rotate: each use replaces the token by a new one of the same family. A token
    -- presented twice means it was stolen, and the whole family is revoked.
    CREATE TABLE refresh_tokens (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      family_id uuid NOT NULL,
      user_id bigint REFERENCES users(id) ON DELETE CASCADE,
      participant_id bigint,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((user_id IS NULL) <> (participant_id IS NULL))
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

    CREATE TABLE password_reset_tokens (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE password_reset_tokens, refresh_tokens, group_users, groups, user_permissions, user_roles,
      users, permissions, roles, lab_modules, labs;
  `.execute(db);
}
