// The `replay` projection's tables in a generation: snapshots of each room's state, the chat, and the
// timeline's markers. Written a page at a time, one statement per table; a page applied again (after a
// crash between its rows and its checkpoint cannot happen, but a rebuild resumes) changes nothing.
import type { ReplayMarkerKind, RoomState } from '@lablive/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ProjectionTables } from '../projection.ts';

type Trx = Transaction<Database>;

export const REPLAY_READ_MODELS = ['replay_snapshots', 'replay_markers', 'replay_chat'] as const;

export type ReplaySnapshotRow = { stream_id: string; version: number; at: string; state: RoomState };
export type ReplayMarkerRow = {
  stream_id: string;
  version: number;
  at: string;
  kind: ReplayMarkerKind;
  label: string;
};
export type ReplayChatRow = {
  stream_id: string;
  version: number;
  message_id: string;
  sender_id: number;
  sender_name: string;
  text: string;
  at: string;
  removed_version: number | null;
};

export async function createReplayTables(trx: Trx, tables: ProjectionTables): Promise<void> {
  const t = (name: (typeof REPLAY_READ_MODELS)[number]) => sql.table(tables.tableOf(name));
  await sql`
    CREATE TABLE ${t('replay_snapshots')} (
      stream_id text NOT NULL,
      version bigint NOT NULL,
      at timestamptz NOT NULL,
      state jsonb NOT NULL,
      PRIMARY KEY (stream_id, version)
    )`.execute(trx);
  await sql`CREATE INDEX ON ${t('replay_snapshots')} (stream_id, at)`.execute(trx);
  await sql`
    CREATE TABLE ${t('replay_markers')} (
      stream_id text NOT NULL,
      version bigint NOT NULL,
      at timestamptz NOT NULL,
      kind text NOT NULL,
      label text NOT NULL,
      PRIMARY KEY (stream_id, version)
    )`.execute(trx);
  await sql`
    CREATE TABLE ${t('replay_chat')} (
      stream_id text NOT NULL,
      version bigint NOT NULL,
      message_id text NOT NULL,
      sender_id bigint NOT NULL,
      sender_name text NOT NULL,
      text text NOT NULL,
      at timestamptz NOT NULL,
      removed_version bigint,
      PRIMARY KEY (stream_id, version)
    )`.execute(trx);
  await sql`CREATE INDEX ON ${t('replay_chat')} (stream_id, message_id)`.execute(trx);
}

async function insertRows(trx: Trx, table: string, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const target = sql.table(table);
  await sql`
    INSERT INTO ${target}
    SELECT * FROM jsonb_populate_recordset(NULL::${target}, ${JSON.stringify(rows)}::jsonb)
    ON CONFLICT DO NOTHING`.execute(trx);
}

export async function writeReplayRows(
  trx: Trx,
  tables: ProjectionTables,
  rows: {
    snapshots: readonly ReplaySnapshotRow[];
    markers: readonly ReplayMarkerRow[];
    chat: readonly ReplayChatRow[];
    removals: readonly { stream_id: string; message_id: string; removed_version: number }[];
  },
): Promise<void> {
  await insertRows(trx, tables.tableOf('replay_snapshots'), rows.snapshots);
  await insertRows(trx, tables.tableOf('replay_markers'), rows.markers);
  await insertRows(trx, tables.tableOf('replay_chat'), rows.chat);
  if (rows.removals.length > 0) {
    const chat = sql.table(tables.tableOf('replay_chat'));
    await sql`
      UPDATE ${chat} c SET removed_version = r.removed_version
      FROM jsonb_to_recordset(${JSON.stringify(rows.removals)}::jsonb)
        AS r(stream_id text, message_id text, removed_version bigint)
      WHERE c.stream_id = r.stream_id AND c.message_id = r.message_id AND c.removed_version IS NULL`.execute(
      trx,
    );
  }
}

/** The generation's latest snapshot of a stream at or before `version` (the runner's own tables). */
export async function latestSnapshotAtOrBefore(
  trx: Trx,
  tables: ProjectionTables,
  streamId: string,
  version: number,
): Promise<RoomState | null> {
  const { rows } = await sql<{ version: number; state: RoomState }>`
    SELECT version, state FROM ${sql.table(tables.tableOf('replay_snapshots'))}
    WHERE stream_id = ${streamId} AND version <= ${version}
    ORDER BY version DESC LIMIT 1`.execute(trx);
  const row = rows[0];
  return row === undefined ? null : { ...row.state, version: row.version };
}
