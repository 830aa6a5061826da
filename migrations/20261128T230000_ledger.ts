// Tamper evidence (issue 32, part 2): each room's session log and each lab's audit trail is a Merkle
// tree (RFC 6962) whose leaves the ledger writes once, in log order, and whose heads it signs
// (checkpoints: when a room's session ends, and every day a log grew). Leaves and checkpoints are never
// rewritten: an export recomputes nothing from the rows it exports but their hashes, so a row changed
// later no longer matches the leaf written when it was logged, and the verifier names it.
//
// audit_entries gains the id of the transaction that wrote each entry, so the ledger reads the trail
// as the projections read the event log: below the snapshot's xmin, where nothing can still appear
// behind its cursor (apps/server/src/event-store/readAll.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audit_entries ADD COLUMN transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id();
    CREATE INDEX audit_entries_transaction_idx ON audit_entries (transaction_id, id);

    -- One row per log entry: the log (its checkpoint origin), its place (1..n), its RFC 6962 leaf hash,
    -- and for an audit log the entry it hashes.
    CREATE TABLE ledger_leaves (
      log text NOT NULL,
      seq bigint NOT NULL CHECK (seq >= 1),
      leaf_hash bytea NOT NULL CHECK (length(leaf_hash) = 32),
      audit_entry_id bigint,
      PRIMARY KEY (log, seq)
    );

    -- Signed tree heads: the C2SP checkpoint note as it was signed.
    CREATE TABLE ledger_checkpoints (
      log text NOT NULL,
      size bigint NOT NULL CHECK (size >= 0),
      root bytea NOT NULL CHECK (length(root) = 32),
      note text NOT NULL,
      cause text NOT NULL CHECK (cause IN ('session-ended', 'daily', 'export')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (log, size)
    );
    CREATE INDEX ledger_checkpoints_latest_idx ON ledger_checkpoints (log, created_at DESC);

    -- Where the ledger has read each source up to (the event log, the audit trail).
    CREATE TABLE ledger_cursors (
      source text PRIMARY KEY CHECK (source IN ('session-log', 'audit-trail')),
      transaction_id xid8 NOT NULL,
      position bigint NOT NULL
    );

    CREATE FUNCTION ledger_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      RAISE EXCEPTION '% is written once: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END
    $fn$;
    CREATE TRIGGER ledger_leaves_written_once BEFORE UPDATE OR DELETE ON ledger_leaves
      FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
    CREATE TRIGGER ledger_leaves_no_truncate BEFORE TRUNCATE ON ledger_leaves
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_rewrite();
    CREATE TRIGGER ledger_checkpoints_written_once BEFORE UPDATE OR DELETE ON ledger_checkpoints
      FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
    CREATE TRIGGER ledger_checkpoints_no_truncate BEFORE TRUNCATE ON ledger_checkpoints
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_rewrite();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE ledger_cursors, ledger_checkpoints, ledger_leaves;
    DROP FUNCTION ledger_refuse_rewrite();
    DROP INDEX audit_entries_transaction_idx;
    ALTER TABLE audit_entries DROP COLUMN transaction_id;
  `.execute(db);
}
