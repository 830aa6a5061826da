// An invitation's personal links (issue 16): each mail about an event (the invitation, every reminder,
// every update, the calendar file) carries a fresh single-use link into it. They were one column of the
// invitation, so each new link killed the one before: a guest who opened the invitation after the
// week-before reminder had gone found its link refused. Each link is now a row of its own, single-use
// and expiring on its own; the live links of the old column are carried over.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE invitation_links (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      invitation_id bigint NOT NULL REFERENCES event_invitations (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX invitation_links_invitation_idx ON invitation_links (invitation_id);
    INSERT INTO invitation_links (invitation_id, token_hash, expires_at, used_at)
      SELECT id, token_hash, token_expires_at, token_used_at FROM event_invitations
      WHERE token_hash IS NOT NULL AND token_expires_at IS NOT NULL;
    ALTER TABLE event_invitations DROP COLUMN token_hash, DROP COLUMN token_expires_at, DROP COLUMN token_used_at;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE event_invitations ADD COLUMN token_hash text UNIQUE, ADD COLUMN token_expires_at timestamptz,
      ADD COLUMN token_used_at timestamptz;
    UPDATE event_invitations i SET token_hash = l.token_hash, token_expires_at = l.expires_at, token_used_at = l.used_at
      FROM (SELECT DISTINCT ON (invitation_id) * FROM invitation_links ORDER BY invitation_id, id DESC) l
      WHERE l.invitation_id = i.id;
    DROP TABLE invitation_links;
  `.execute(db);
}
