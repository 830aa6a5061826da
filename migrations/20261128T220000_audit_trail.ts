// The audit trail (issue 32; 21 CFR Part 11, EU GMP Annex 11): one append-only table, written by
// triggers on every table the back office changes, in the same transaction as the change (a change
// that fails writes nothing, a change cannot skip its entry). Who acted, why, the zone they were in and
// the call that did it come from the transaction's connection setting `lablive.audit`, which the server
// sets from the request (apps/server/src/db/auditContext.ts); without it the product itself acted
// (`system`: a job, a room). Sign-ins and exports change no table: the server inserts those entries.
//
// Two trigger functions:
// - audit_row(record type, how to find the lab, key columns, masked columns, ignored columns): a row
//   created, changed (only the fields that changed; nothing if none did) or deleted. Setting
//   deleted_at, archived_at or deactivated_at is recorded as delete, archive or deactivate.
// - audit_link(record type, owner column, field, value column, how to name the value, how to find the
//   lab): a row of a link table (a role given, a group's member) as a change of its owner's field, a
//   value added or removed, named (the role's name, the member's address), not by its id.
// Masked columns (password hashes, tokens, a patient's and a reporter's data) say that they changed,
// never what they hold: the trail must not become a second copy of secrets or health data.
import { type Kysely, sql } from 'kysely';

const AUDITED_ROWS: ReadonlyArray<{
  table: string;
  recordType: string;
  lab: 'lab_id' | 'id' | 'event' | 'media';
  key?: string;
  masked?: readonly string[];
  ignored?: readonly string[];
}> = [
  { table: 'labs', recordType: 'lab', lab: 'id' },
  { table: 'users', recordType: 'user', lab: 'lab_id', masked: ['password_hash'] },
  { table: 'groups', recordType: 'group', lab: 'lab_id' },
  { table: 'events', recordType: 'event', lab: 'lab_id', ignored: ['calendar_sequence'] },
  { table: 'rooms', recordType: 'room', lab: 'lab_id', ignored: ['opentok_session_id'] },
  {
    table: 'participants',
    recordType: 'participant',
    lab: 'lab_id',
    masked: ['google_refresh_token'],
  },
  { table: 'event_invitations', recordType: 'invitation', lab: 'event' },
  { table: 'medias', recordType: 'media', lab: 'lab_id' },
  { table: 'email_templates', recordType: 'mail-template', lab: 'media' },
  { table: 'documents', recordType: 'document', lab: 'lab_id', ignored: ['storage_key'] },
  { table: 'polls', recordType: 'poll', lab: 'lab_id' },
  { table: 'pharmacovigilance_receivers', recordType: 'pharmacovigilance-receiver', lab: 'lab_id' },
  {
    table: 'pharmacovigilance_reports',
    recordType: 'pharmacovigilance-report',
    lab: 'lab_id',
    masked: [
      'gender',
      'patient_firstname',
      'patient_lastname',
      'patient_birthdate',
      'patient_age_range',
      'doctor_firstname',
      'doctor_lastname',
      'doctor_phone',
      'doctor_email',
      'doctor_specialty',
      'doctor_address',
      'doctor_zip_code',
      'drug_adverse_reaction',
    ],
  },
];

const AUDITED_LINKS: ReadonlyArray<{
  table: string;
  recordType: string;
  owner: string;
  field: string;
  value: string;
  naming: 'role' | 'permission' | 'user' | 'media' | 'document' | 'poll' | 'raw';
  lab: 'lab_id' | 'user' | 'group' | 'event';
}> = [
  {
    table: 'user_roles',
    recordType: 'user',
    owner: 'user_id',
    field: 'roles',
    value: 'role_id',
    naming: 'role',
    lab: 'user',
  },
  {
    table: 'user_permissions',
    recordType: 'user',
    owner: 'user_id',
    field: 'permissions',
    value: 'permission_id',
    naming: 'permission',
    lab: 'user',
  },
  {
    table: 'group_users',
    recordType: 'group',
    owner: 'group_id',
    field: 'members',
    value: 'user_id',
    naming: 'user',
    lab: 'group',
  },
  {
    table: 'group_medias',
    recordType: 'group',
    owner: 'group_id',
    field: 'medias',
    value: 'media_id',
    naming: 'media',
    lab: 'group',
  },
  {
    table: 'group_documents',
    recordType: 'group',
    owner: 'group_id',
    field: 'documents',
    value: 'document_id',
    naming: 'document',
    lab: 'group',
  },
  {
    table: 'group_polls',
    recordType: 'group',
    owner: 'group_id',
    field: 'polls',
    value: 'poll_id',
    naming: 'poll',
    lab: 'group',
  },
  {
    table: 'event_medias',
    recordType: 'event',
    owner: 'event_id',
    field: 'medias',
    value: 'media_id',
    naming: 'media',
    lab: 'event',
  },
  {
    table: 'lab_modules',
    recordType: 'lab',
    owner: 'lab_id',
    field: 'modules',
    value: 'module',
    naming: 'raw',
    lab: 'lab_id',
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_entries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      -- No foreign keys: an entry outlives what it names (a deleted user, a removed event).
      lab_id bigint,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'guest', 'anonymous', 'system')),
      actor_user_id bigint,
      actor_name text,
      actor_email text,
      actor_roles text[] NOT NULL DEFAULT '{}',
      actor_time_zone text,
      action text NOT NULL CHECK (action IN
        ('create', 'change', 'delete', 'archive', 'deactivate', 'sign-in', 'sign-in-failed', 'export')),
      record_type text NOT NULL,
      record_id text,
      changes jsonb NOT NULL DEFAULT '[]',
      reason text,
      via text
    );
    CREATE INDEX audit_entries_lab_at_idx ON audit_entries (lab_id, at DESC, id DESC);
    CREATE INDEX audit_entries_record_idx ON audit_entries (record_type, record_id);

    -- Append-only: no UPDATE, DELETE or TRUNCATE through any connection of the product.
    CREATE FUNCTION audit_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      RAISE EXCEPTION 'audit entries are append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END
    $fn$;
    CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
      FOR EACH ROW EXECUTE FUNCTION audit_entries_refuse_change();
    CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
      FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_refuse_change();

    -- The request's context, or null when the product acted by itself.
    CREATE FUNCTION audit_context() RETURNS jsonb LANGUAGE sql STABLE AS $fn$
      SELECT nullif(current_setting('lablive.audit', true), '')::jsonb
    $fn$;

    CREATE FUNCTION audit_insert(
      p_lab bigint, p_action text, p_record_type text, p_record_id text, p_changes jsonb
    ) RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      v_context jsonb := audit_context();
      v_actor jsonb := v_context -> 'actor';
    BEGIN
      INSERT INTO audit_entries (lab_id, actor_kind, actor_user_id, actor_name, actor_email, actor_roles,
        actor_time_zone, action, record_type, record_id, changes, reason, via)
      VALUES (
        coalesce(p_lab, (v_actor ->> 'labId')::bigint),
        coalesce(v_actor ->> 'kind', 'system'),
        (v_actor ->> 'userId')::bigint,
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

    CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      v_record_type text := TG_ARGV[0];
      v_lab_rule text := TG_ARGV[1];
      v_masked text[] := string_to_array(TG_ARGV[2], ',');
      v_ignored text[] := string_to_array(TG_ARGV[3], ',') || ARRAY['created_at'];
      v_old_row jsonb;
      v_new_row jsonb;
      v_current_row jsonb;
      v_changes jsonb := '[]';
      v_action text;
      v_field text;
      v_lab bigint;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        v_new_row := to_jsonb(NEW); v_current_row := v_new_row; v_action := 'create';
      ELSIF TG_OP = 'UPDATE' THEN
        v_old_row := to_jsonb(OLD); v_new_row := to_jsonb(NEW); v_current_row := v_new_row; v_action := 'change';
      ELSE
        v_old_row := to_jsonb(OLD); v_current_row := v_old_row; v_action := 'delete';
      END IF;
      FOR v_field IN SELECT jsonb_object_keys(v_current_row) LOOP
        CONTINUE WHEN v_field = ANY (v_ignored) OR v_field = 'id';
        CONTINUE WHEN TG_OP = 'UPDATE' AND (v_old_row -> v_field) IS NOT DISTINCT FROM (v_new_row -> v_field);
        CONTINUE WHEN TG_OP <> 'UPDATE' AND jsonb_typeof(v_current_row -> v_field) = 'null';
        IF v_field = ANY (v_masked) THEN
          v_changes := v_changes || jsonb_build_object('field', v_field, 'old', null, 'new', null, 'masked', true);
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
      v_lab := CASE v_lab_rule
        WHEN 'lab_id' THEN (v_current_row ->> 'lab_id')::bigint
        WHEN 'id' THEN (v_current_row ->> 'id')::bigint
        WHEN 'event' THEN (SELECT e.lab_id FROM events e WHERE e.id = (v_current_row ->> 'event_id')::bigint)
        WHEN 'media' THEN coalesce((v_current_row ->> 'lab_id')::bigint,
          (SELECT m.lab_id FROM medias m WHERE m.id = (v_current_row ->> 'media_id')::bigint))
      END;
      PERFORM audit_insert(v_lab, v_action, v_record_type, v_current_row ->> 'id', v_changes);
      RETURN NULL;
    END
    $fn$;

    CREATE FUNCTION audit_link() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
      v_named := CASE v_naming
        WHEN 'role' THEN (SELECT name FROM roles WHERE id = v_value_id::bigint)
        WHEN 'permission' THEN (SELECT name FROM permissions WHERE id = v_value_id::bigint)
        WHEN 'user' THEN (SELECT email FROM users WHERE id = v_value_id::bigint) || ' (#' || v_value_id || ')'
        WHEN 'media' THEN (SELECT name FROM medias WHERE id = v_value_id::bigint) || ' (#' || v_value_id || ')'
        WHEN 'document' THEN (SELECT name FROM documents WHERE id = v_value_id::bigint) || ' (#' || v_value_id || ')'
        WHEN 'poll' THEN (SELECT title FROM polls WHERE id = v_value_id::bigint) || ' (#' || v_value_id || ')'
        ELSE v_value_id
      END;
      v_lab := CASE v_lab_rule
        WHEN 'lab_id' THEN v_owner_id
        WHEN 'user' THEN (SELECT u.lab_id FROM users u WHERE u.id = v_owner_id)
        WHEN 'group' THEN (SELECT g.lab_id FROM groups g WHERE g.id = v_owner_id)
        WHEN 'event' THEN (SELECT e.lab_id FROM events e WHERE e.id = v_owner_id)
      END;
      PERFORM audit_insert(v_lab, 'change', v_record_type, v_owner_id::text, jsonb_build_array(
        CASE WHEN TG_OP = 'INSERT'
          THEN jsonb_build_object('field', v_field, 'old', null, 'new', coalesce(v_named, '#' || v_value_id))
          ELSE jsonb_build_object('field', v_field, 'old', coalesce(v_named, '#' || v_value_id), 'new', null)
        END));
      RETURN NULL;
    END
    $fn$;
  `.execute(db);

  for (const audited of AUDITED_ROWS) {
    const args = [
      audited.recordType,
      audited.lab,
      (audited.masked ?? []).join(','),
      (audited.ignored ?? []).join(','),
    ];
    await sql`
      CREATE TRIGGER ${sql.id(`${audited.table}_audit`)}
        AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(audited.table)}
        FOR EACH ROW EXECUTE FUNCTION audit_row(${sql.join(args.map((arg) => sql.lit(arg)))})
    `.execute(db);
  }
  for (const link of AUDITED_LINKS) {
    const args = [link.recordType, link.owner, link.field, link.value, link.naming, link.lab];
    await sql`
      CREATE TRIGGER ${sql.id(`${link.table}_audit`)}
        AFTER INSERT OR DELETE ON ${sql.table(link.table)}
        FOR EACH ROW EXECUTE FUNCTION audit_link(${sql.join(args.map((arg) => sql.lit(arg)))})
    `.execute(db);
  }

  await sql`
    INSERT INTO permissions (name) VALUES ('view_audit');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of [...AUDITED_ROWS, ...AUDITED_LINKS]) {
    await sql`DROP TRIGGER ${sql.id(`${table}_audit`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`
    DROP TABLE audit_entries;
    DROP FUNCTION audit_link(), audit_row(), audit_insert(bigint, text, text, text, jsonb),
      audit_context(), audit_entries_refuse_change();
    DELETE FROM permissions WHERE name = 'view_audit';
  `.execute(db);
}
