// Erasure by crypto-shredding (issue 32, part 4; docs/adr/0008-erasure-by-crypto-shredding.md). The
// session log and the audit trail are hashed into the ledger as they are stored, once, so a person's
// data cannot be erased by editing them: the verifier would report the edit as tampering. Instead every
// personal value is stored sealed (AES-256-CBC) under a key of its own subject, and erasing a subject
// deletes its key: the sealed bytes stay, hashed and verifying, and nobody can read them any more.
//
// Subjects (personal_keys.subject): `participant:<id>` (a guest's or a staff member's identity in one
// event: names and addresses), `participant:<id>:content` (what they wrote: chat and notes, erased on
// its own by a lab's chat retention), `user:<id>` (an account), `address:<lab>:<address>` (an address
// tried at sign-in that no account holds).
//
// Sealing and opening live here, in SQL, once: the triggers that write the audit trail are SQL, the
// log's appends go through one SQL function, and readers select through open_personal*, so the server
// holds no second implementation of the format. A sealed value is text:
//   pd1:<key id>:<base64 of iv (16 bytes) ‖ ciphertext>
// and an erased one reads as ERASED ('[erased]', @lablive/domain's ERASED_VALUE).
// Integrity is not the cipher's job here (no MAC): the ledger's leaves already bind every stored byte.
import { type Kysely, type RawBuilder, sql } from 'kysely';

/** Which fields of which session events are personal, whose subject they belong to, and their purpose. */
const PERSONAL_EVENT_FIELDS: ReadonlyArray<{
  type: string;
  field: readonly string[];
  participant: readonly string[];
  purpose: 'identity' | 'content';
}> = [
  { type: 'ParticipantJoined', field: ['name'], participant: ['participantId'], purpose: 'identity' },
  { type: 'ParticipantJoined', field: ['email'], participant: ['participantId'], purpose: 'identity' },
  {
    type: 'ChatMessageSent',
    field: ['from', 'name'],
    participant: ['from', 'participantId'],
    purpose: 'identity',
  },
  { type: 'ChatMessageSent', field: ['text'], participant: ['from', 'participantId'], purpose: 'content' },
  { type: 'NotesSaved', field: ['text'], participant: ['participantId'], purpose: 'content' },
  { type: 'NotesSubmitted', field: ['name'], participant: ['participantId'], purpose: 'identity' },
  { type: 'NotesSubmitted', field: ['text'], participant: ['participantId'], purpose: 'content' },
  { type: 'DisconnectionReported', field: ['name'], participant: ['participantId'], purpose: 'identity' },
  { type: 'DisconnectionReported', field: ['email'], participant: ['participantId'], purpose: 'identity' },
];

/** The audited tables' personal columns, sealed under the row's own subject in its audit entries. */
const PERSONAL_COLUMNS = {
  users: ['email', 'first_name', 'last_name', 'job', 'address', 'therapeutic_area', 'avatar_url'],
  participants: ['email', 'name', 'first_name', 'last_name', 'job', 'location'],
} as const;

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(values.map((value) => sql.lit(value)))}]::text[]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pgcrypto;

    CREATE TABLE personal_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subject text NOT NULL UNIQUE,
      lab_id bigint,
      key bytea NOT NULL DEFAULT gen_random_bytes(32) CHECK (length(key) = 32),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX personal_keys_lab_idx ON personal_keys (lab_id);

    CREATE TABLE personal_event_fields (
      event_type text NOT NULL,
      field text[] NOT NULL,
      participant text[] NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('identity', 'content')),
      PRIMARY KEY (event_type, field)
    );

    -- The subject's key, made on first use. A concurrent first use waits for the other's commit (the
    -- unique subject) and then reads its key.
    CREATE FUNCTION personal_key(p_subject text, p_lab bigint) RETURNS personal_keys
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_key personal_keys;
    BEGIN
      SELECT * INTO v_key FROM personal_keys WHERE subject = p_subject;
      IF FOUND THEN RETURN v_key; END IF;
      INSERT INTO personal_keys (subject, lab_id) VALUES (p_subject, p_lab)
        ON CONFLICT (subject) DO NOTHING RETURNING * INTO v_key;
      IF FOUND THEN RETURN v_key; END IF;
      SELECT * INTO v_key FROM personal_keys WHERE subject = p_subject;
      RETURN v_key;
    END
    $fn$;

    CREATE FUNCTION seal_personal(p_subject text, p_lab bigint, p_value text) RETURNS text
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_key personal_keys;
      v_iv bytea := gen_random_bytes(16);
    BEGIN
      IF p_value IS NULL OR p_subject IS NULL THEN RETURN p_value; END IF;
      v_key := personal_key(p_subject, p_lab);
      RETURN 'pd1:' || v_key.id || ':' || translate(encode(
        v_iv || encrypt_iv(convert_to(p_value, 'UTF8'), v_key.key, v_iv, 'aes-cbc/pad:pkcs'), 'base64'), E'\n', '');
    END
    $fn$;

    -- A sealed value's text, '[erased]' once its key is gone; any other text as it is. Cut by position,
    -- not by a regular expression, and in PL/pgSQL, whose plans are kept: every reader of the log pays
    -- this for each personal field (docs/performance.md, "Sealing personal data").
    CREATE FUNCTION open_personal(p_value text) RETURNS text LANGUAGE plpgsql STABLE AS $fn$
    DECLARE
      v_key bytea;
      v_bytes bytea;
    BEGIN
      IF p_value IS NULL OR left(p_value, 4) <> 'pd1:' OR substr(p_value, 41, 1) <> ':'
        OR translate(substr(p_value, 5, 36), '0123456789abcdef-', '') <> '' THEN
        RETURN p_value;
      END IF;
      SELECT key INTO v_key FROM personal_keys WHERE id = substr(p_value, 5, 36)::uuid;
      IF NOT FOUND THEN RETURN '[erased]'; END IF;
      v_bytes := decode(substr(p_value, 42), 'base64');
      RETURN convert_from(
        decrypt_iv(substr(v_bytes, 17), v_key, substr(v_bytes, 1, 16), 'aes-cbc/pad:pkcs'), 'UTF8');
    END
    $fn$;

    -- A JSON value opened when it is a sealed string (the audit trail's old and new values).
    CREATE FUNCTION open_personal_value(p_value jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $fn$
      SELECT CASE WHEN jsonb_typeof(p_value) = 'string' THEN to_jsonb(open_personal(p_value #>> '{}'))
        ELSE p_value END
    $fn$;

    CREATE FUNCTION open_audit_changes(p_changes jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $fn$
      SELECT coalesce(jsonb_agg(
        CASE WHEN jsonb_typeof(change) = 'object'
          THEN change || jsonb_build_object('old', open_personal_value(change -> 'old'),
            'new', open_personal_value(change -> 'new'))
          ELSE change END ORDER BY ordinality), '[]'::jsonb)
      FROM jsonb_array_elements(p_changes) WITH ORDINALITY AS t(change, ordinality)
    $fn$;

    -- The session events' sealing (seal_session_event_data, its trigger) and opening
    -- (open_session_event_data) are written below from PERSONAL_EVENT_FIELDS.

    -- The audit trail: who acted is sealed under their own subject (an account, a guest, or the address
    -- a failed sign-in tried), and a person's columns under the person's.
    ALTER TABLE audit_entries ADD COLUMN actor_participant_id bigint;

    CREATE FUNCTION audit_actor_subject(p_entry audit_entries) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
      SELECT CASE
        WHEN p_entry.actor_user_id IS NOT NULL THEN 'user:' || p_entry.actor_user_id
        WHEN p_entry.actor_participant_id IS NOT NULL THEN 'participant:' || p_entry.actor_participant_id
        WHEN p_entry.record_type = 'account' AND p_entry.record_id IS NOT NULL THEN 'user:' || p_entry.record_id
        WHEN p_entry.actor_email IS NOT NULL
          THEN 'address:' || coalesce(p_entry.lab_id::text, '') || ':' || lower(p_entry.actor_email)
      END
    $fn$;

    -- Also seals the values of a change the server wrote with a "sealUnder" subject (the address a
    -- person's data was gathered for), and drops that key: the subject names the person.
    CREATE FUNCTION audit_entries_seal() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      v_subject text := audit_actor_subject(NEW);
    BEGIN
      NEW.actor_name := seal_personal(v_subject, NEW.lab_id, NEW.actor_name);
      NEW.actor_email := seal_personal(v_subject, NEW.lab_id, NEW.actor_email);
      IF NEW.changes @? '$[*].sealUnder' THEN
        NEW.changes := (SELECT jsonb_agg(CASE WHEN change ? 'sealUnder'
            THEN (change - 'sealUnder') || jsonb_build_object(
              'old', to_jsonb(seal_personal(change ->> 'sealUnder', NEW.lab_id, change ->> 'old')),
              'new', to_jsonb(seal_personal(change ->> 'sealUnder', NEW.lab_id, change ->> 'new')))
            ELSE change END ORDER BY ordinality)
          FROM jsonb_array_elements(NEW.changes) WITH ORDINALITY AS t(change, ordinality));
      END IF;
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER audit_entries_seal BEFORE INSERT ON audit_entries FOR EACH ROW
      EXECUTE FUNCTION audit_entries_seal();

    CREATE OR REPLACE FUNCTION audit_insert(
      p_lab bigint, p_action text, p_record_type text, p_record_id text, p_changes jsonb
    ) RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      v_context jsonb := audit_context();
      v_actor jsonb := v_context -> 'actor';
    BEGIN
      INSERT INTO audit_entries (lab_id, actor_kind, actor_user_id, actor_participant_id, actor_name,
        actor_email, actor_roles, actor_time_zone, action, record_type, record_id, changes, reason, via)
      VALUES (
        coalesce(p_lab, (v_actor ->> 'labId')::bigint),
        coalesce(v_actor ->> 'kind', 'system'),
        (v_actor ->> 'userId')::bigint,
        (v_actor ->> 'participantId')::bigint,
        v_actor ->> 'name',
        v_actor ->> 'email',
        coalesce(ARRAY(SELECT jsonb_array_elements_text(v_actor -> 'roles')), '{}'),
        v_context ->> 'timeZone',
        p_action, p_record_type, p_record_id, p_changes,
        v_context ->> 'reason',
        v_context ->> 'via'
      );
    END
    $fn$;

    -- audit_row as before, with a fifth argument: the row's personal columns, whose old and new values
    -- are sealed under the row's subject (its record type and id: user:<id>, participant:<id>).
    CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      v_record_type text := TG_ARGV[0];
      v_lab_rule text := TG_ARGV[1];
      v_masked text[] := string_to_array(TG_ARGV[2], ',');
      v_ignored text[] := string_to_array(TG_ARGV[3], ',') || ARRAY['created_at'];
      v_personal text[] := coalesce(string_to_array(TG_ARGV[4], ','), '{}');
      v_old_row jsonb;
      v_new_row jsonb;
      v_current_row jsonb;
      v_changes jsonb := '[]';
      v_action text;
      v_field text;
      v_lab bigint;
      v_subject text;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        v_new_row := to_jsonb(NEW); v_current_row := v_new_row; v_action := 'create';
      ELSIF TG_OP = 'UPDATE' THEN
        v_old_row := to_jsonb(OLD); v_new_row := to_jsonb(NEW); v_current_row := v_new_row; v_action := 'change';
      ELSE
        v_old_row := to_jsonb(OLD); v_current_row := v_old_row; v_action := 'delete';
      END IF;
      v_lab := CASE v_lab_rule
        WHEN 'lab_id' THEN (v_current_row ->> 'lab_id')::bigint
        WHEN 'id' THEN (v_current_row ->> 'id')::bigint
        WHEN 'event' THEN (SELECT e.lab_id FROM events e WHERE e.id = (v_current_row ->> 'event_id')::bigint)
        WHEN 'media' THEN coalesce((v_current_row ->> 'lab_id')::bigint,
          (SELECT m.lab_id FROM medias m WHERE m.id = (v_current_row ->> 'media_id')::bigint))
      END;
      v_subject := v_record_type || ':' || (v_current_row ->> 'id');
      FOR v_field IN SELECT jsonb_object_keys(v_current_row) LOOP
        CONTINUE WHEN v_field = ANY (v_ignored) OR v_field = 'id';
        CONTINUE WHEN TG_OP = 'UPDATE' AND (v_old_row -> v_field) IS NOT DISTINCT FROM (v_new_row -> v_field);
        CONTINUE WHEN TG_OP <> 'UPDATE' AND jsonb_typeof(v_current_row -> v_field) = 'null';
        IF v_field = ANY (v_masked) THEN
          v_changes := v_changes || jsonb_build_object('field', v_field, 'old', null, 'new', null, 'masked', true);
        ELSIF v_field = ANY (v_personal) THEN
          v_changes := v_changes || jsonb_build_object('field', v_field,
            'old', to_jsonb(seal_personal(v_subject, v_lab, v_old_row ->> v_field)),
            'new', to_jsonb(seal_personal(v_subject, v_lab, v_new_row ->> v_field)));
        ELSE
          v_changes := v_changes || jsonb_build_object('field', v_field, 'old', v_old_row -> v_field, 'new', v_new_row -> v_field);
        END IF;
        IF TG_OP = 'UPDATE' AND jsonb_typeof(v_old_row -> v_field) = 'null' THEN
          v_action := CASE v_field
            WHEN 'deleted_at' THEN 'delete'
            WHEN 'archived_at' THEN 'archive'
            WHEN 'deactivated_at' THEN 'deactivate'
            ELSE v_action END;
        END IF;
      END LOOP;
      IF TG_OP = 'UPDATE' AND v_changes = '[]' THEN RETURN NULL; END IF;
      PERFORM audit_insert(v_lab, v_action, v_record_type, v_current_row ->> 'id', v_changes);
      RETURN NULL;
    END
    $fn$;

    -- audit_link as before, a member named by their address sealed under their account's subject.
    CREATE OR REPLACE FUNCTION audit_link() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      v_record_type text := TG_ARGV[0];
      v_owner_column text := TG_ARGV[1];
      v_field text := TG_ARGV[2];
      v_value_column text := TG_ARGV[3];
      v_naming text := TG_ARGV[4];
      v_lab_rule text := TG_ARGV[5];
      v_current_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END;
      v_value_id text := v_current_row ->> v_value_column;
      v_owner_id bigint := (v_current_row ->> v_owner_column)::bigint;
      v_named text;
      v_lab bigint;
    BEGIN
      v_lab := CASE v_lab_rule
        WHEN 'lab_id' THEN v_owner_id
        WHEN 'user' THEN (SELECT u.lab_id FROM users u WHERE u.id = v_owner_id)
        WHEN 'group' THEN (SELECT g.lab_id FROM groups g WHERE g.id = v_owner_id)
        WHEN 'event' THEN (SELECT e.lab_id FROM events e WHERE e.id = v_owner_id)
      END;
      v_named := CASE v_naming
        WHEN 'role' THEN (SELECT name FROM roles WHERE id = v_value_id::bigint)
        WHEN 'permission' THEN (SELECT name FROM permissions WHERE id = v_value_id::bigint)
        WHEN 'user' THEN seal_personal('user:' || v_value_id, v_lab,
          (SELECT email FROM users WHERE id = v_value_id::bigint) || ' (#' || v_value_id || ')')
        WHEN 'media' THEN (SELECT name FROM medias WHERE id = v_value_id::bigint) || ' (#' || v_value_id || ')'
        WHEN 'document' THEN (SELECT name FROM documents WHERE id = v_value_id::bigint) || ' (#' || v_value_id || ')'
        WHEN 'poll' THEN (SELECT title FROM polls WHERE id = v_value_id::bigint) || ' (#' || v_value_id || ')'
        ELSE v_value_id
      END;
      PERFORM audit_insert(v_lab, 'change', v_record_type, v_owner_id::text, jsonb_build_array(
        CASE WHEN TG_OP = 'INSERT'
          THEN jsonb_build_object('field', v_field, 'old', null, 'new', coalesce(v_named, '#' || v_value_id))
          ELSE jsonb_build_object('field', v_field, 'old', coalesce(v_named, '#' || v_value_id), 'new', null)
        END));
      RETURN NULL;
    END
    $fn$;

    -- Erasure is an action of the trail, and per-lab retention is a lab setting (days; null keeps).
    ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check CHECK (action IN
      ('create', 'change', 'delete', 'archive', 'deactivate', 'sign-in', 'sign-in-failed', 'export', 'erase'));
    ALTER TABLE labs ADD COLUMN chat_retention_days integer CHECK (chat_retention_days BETWEEN 1 AND 36500);
    ALTER TABLE labs ADD COLUMN attendance_retention_days integer
      CHECK (attendance_retention_days BETWEEN 1 AND 36500);
  `.execute(db);

  for (const entry of PERSONAL_EVENT_FIELDS) {
    await sql`
      INSERT INTO personal_event_fields (event_type, field, participant, purpose)
      VALUES (${entry.type}, ${textArray(entry.field)}, ${textArray(entry.participant)}, ${entry.purpose})
    `.execute(db);
  }

  await sessionEventsSealing(db);

  // The two person tables' triggers gain their personal columns.
  const personTables = [
    { table: 'users', recordType: 'user', masked: ['password_hash'], personal: PERSONAL_COLUMNS.users },
    {
      table: 'participants',
      recordType: 'participant',
      masked: ['google_refresh_token'],
      personal: PERSONAL_COLUMNS.participants,
    },
  ];
  for (const { table, recordType, masked, personal } of personTables) {
    const args = [recordType, 'lab_id', masked.join(','), '', personal.join(',')];
    await sql`
      DROP TRIGGER ${sql.id(`${table}_audit`)} ON ${sql.table(table)};
      CREATE TRIGGER ${sql.id(`${table}_audit`)}
        AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION audit_row(${sql.join(args.map((arg) => sql.lit(arg)))})
    `.execute(db);
  }

  await sealWhatIsStored(db);
}

/**
 * The session events' personal fields sealed on insert and opened on read, written out from
 * PERSONAL_EVENT_FIELDS as one branch per type in PL/pgSQL: a loop over personal_event_fields, or
 * nested SQL functions, cost readers four times as much (docs/performance.md, "Sealing personal data").
 */
async function sessionEventsSealing(db: Kysely<unknown>): Promise<void> {
  const types = [...new Set(PERSONAL_EVENT_FIELDS.map((entry) => entry.type))];
  const fieldsOf = (type: string) => PERSONAL_EVENT_FIELDS.filter((entry) => entry.type === type);
  const pathOf = (path: readonly string[]) => sql.lit(`{${path.join(',')}}`);
  const branches = (each: (entry: (typeof PERSONAL_EVENT_FIELDS)[number]) => RawBuilder<unknown>) =>
    sql.join(
      types.map((type) => sql`WHEN ${sql.lit(type)} THEN ${sql.join(fieldsOf(type).map(each), sql` `)}`),
      sql` `,
    );
  const sealed = branches((entry) => {
    const field = pathOf(entry.field);
    const subject = sql`'participant:' || (v_data #>> ${pathOf(entry.participant)})${
      entry.purpose === 'content' ? sql` || ':content'` : sql``
    }`;
    return sql`IF jsonb_typeof(v_data #> ${field}) = 'string' THEN
        v_data := jsonb_set(v_data, ${field}, to_jsonb(seal_personal(${subject}, p_lab, v_data #>> ${field})));
      END IF;`;
  });
  const opened = branches((entry) => {
    const field = pathOf(entry.field);
    return sql`IF jsonb_typeof(v_data #> ${field}) = 'string' THEN
        v_data := jsonb_set(v_data, ${field}, to_jsonb(open_personal(v_data #>> ${field})));
      END IF;`;
  });
  await sql`
    CREATE FUNCTION seal_session_event_data(p_type text, p_data jsonb, p_lab bigint) RETURNS jsonb
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_data jsonb := p_data;
    BEGIN
      CASE p_type ${sealed} ELSE NULL;
      END CASE;
      RETURN v_data;
    END
    $fn$;

    CREATE FUNCTION open_session_event_data(p_type text, p_data jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE AS $fn$
    DECLARE
      v_data jsonb := p_data;
    BEGIN
      CASE p_type ${opened} ELSE NULL;
      END CASE;
      RETURN v_data;
    END
    $fn$;

    CREATE FUNCTION session_events_seal() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.data := seal_session_event_data(NEW.type, NEW.data, (NEW.metadata ->> 'labId')::bigint);
      RETURN NEW;
    END
    $fn$;
    CREATE TRIGGER session_events_seal BEFORE INSERT ON session_events FOR EACH ROW
      WHEN (NEW.type IN (${sql.join(types.map((type) => sql.lit(type)))}))
      EXECUTE FUNCTION session_events_seal();
  `.execute(db);
}

/**
 * What was stored before this migration is sealed now, so an erasure also reaches it. The ledger (built
 * in the same unreleased version, migration 20261128T230000) had hashed the plaintext: its leaves and
 * checkpoints are dropped and written again from the sealed rows by the ledger's writer on its next run.
 * This is the one time anything rewrites the log or the trail, inside this migration's transaction, with
 * their write-once triggers off for its length.
 */
async function sealWhatIsStored(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE session_events
      SET data = seal_session_event_data(type, data, (metadata ->> 'labId')::bigint)
      WHERE type IN (SELECT event_type FROM personal_event_fields);

    ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only;
    UPDATE audit_entries SET
      actor_name = seal_personal(audit_actor_subject(audit_entries), lab_id, actor_name),
      actor_email = seal_personal(audit_actor_subject(audit_entries), lab_id, actor_email)
      WHERE actor_name IS NOT NULL OR actor_email IS NOT NULL;
    UPDATE audit_entries SET changes = (
      SELECT jsonb_agg(CASE WHEN change ->> 'field' = ANY (${textArray([...PERSONAL_COLUMNS.users, ...PERSONAL_COLUMNS.participants])})
          AND coalesce((change ->> 'masked')::boolean, false) = false
        THEN change || jsonb_build_object(
          'old', to_jsonb(seal_personal(record_type || ':' || record_id, lab_id, change ->> 'old')),
          'new', to_jsonb(seal_personal(record_type || ':' || record_id, lab_id, change ->> 'new')))
        WHEN change ->> 'field' = 'members' THEN change || jsonb_build_object(
          'old', to_jsonb(seal_personal('user:' || substring(change ->> 'old' from '[(]#([0-9]+)[)]$'), lab_id, change ->> 'old')),
          'new', to_jsonb(seal_personal('user:' || substring(change ->> 'new' from '[(]#([0-9]+)[)]$'), lab_id, change ->> 'new')))
        ELSE change END ORDER BY ordinality)
      FROM jsonb_array_elements(changes) WITH ORDINALITY AS t(change, ordinality))
      WHERE (record_type IN ('user', 'participant') OR (record_type = 'group'))
        AND jsonb_array_length(changes) > 0;
    ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only;

    ALTER TABLE ledger_leaves DISABLE TRIGGER ledger_leaves_written_once;
    ALTER TABLE ledger_checkpoints DISABLE TRIGGER ledger_checkpoints_written_once;
    DELETE FROM ledger_leaves;
    DELETE FROM ledger_checkpoints;
    DELETE FROM ledger_cursors;
    ALTER TABLE ledger_leaves ENABLE TRIGGER ledger_leaves_written_once;
    ALTER TABLE ledger_checkpoints ENABLE TRIGGER ledger_checkpoints_written_once;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Sealed values cannot be turned back into what they were once keys are gone; down removes the
  // machinery only for a database that holds no sealed value yet (a test's).
  await sql`
    DROP TRIGGER session_events_seal ON session_events;
    DROP TRIGGER audit_entries_seal ON audit_entries;
    ALTER TABLE labs DROP COLUMN chat_retention_days, DROP COLUMN attendance_retention_days;
    ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check CHECK (action IN
      ('create', 'change', 'delete', 'archive', 'deactivate', 'sign-in', 'sign-in-failed', 'export'));
    DROP FUNCTION session_events_seal(), audit_entries_seal(), open_session_event_data(text, jsonb),
      seal_session_event_data(text, jsonb, bigint), open_audit_changes(jsonb), open_personal_value(jsonb),
      open_personal(text), seal_personal(text, bigint, text), personal_key(text, bigint),
      audit_actor_subject(audit_entries);
    ALTER TABLE audit_entries DROP COLUMN actor_participant_id;
    DROP TABLE personal_event_fields, personal_keys;
  `.execute(db);
}
