// The `replay` projection's tables in a generation: snapshots of each room's state (with the count of
// its chat messages, of which the state keeps the latest) and the timeline's markers. Written a page at
// a time, one statement per table, idempotent on (stream, version).
import type { ReplayMarkerKind, RoomState } from '@lablive/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { writeRows } from '../jsonRows.ts';
import type { ProjectionTables } from '../projection.ts';

type Trx = Transaction<Database>;

export const REPLAY_READ_MODELS = ['replay_snapshots', 'replay_markers'] as const;

export type ReplaySnapshotRow = {
  stream_id: string;
  version: number;
  at: string;
  state: RoomState;
  chat_total: number;
};
export type ReplayMarkerRow = {
  stream_id: string;
  version: number;
  at: string;
  kind: ReplayMarkerKind;
  label: string;
};

export async function createReplayTables(trx: Trx, tables: ProjectionTables): Promise<void> {
  const t = (name: (typeof REPLAY_READ_MODELS)[number]) => sql.table(tables.tableOf(name));
  await sql`
    CREATE TABLE ${t('replay_snapshots')} (
      stream_id text NOT NULL,
      version bigint NOT NULL,
      at timestamptz NOT NULL,
      state jsonb NOT NULL,
      chat_total integer NOT NULL,
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
}

export async function writeReplayRows(
  trx: Trx,
  tables: ProjectionTables,
  rows: {
    snapshots: readonly ReplaySnapshotRow[];
    markers: readonly ReplayMarkerRow[];
  },
): Promise<void> {
  // A page applied again (a rebuild resumed) finds its rows there already.
  const key = ['stream_id', 'version'];
  await writeRows(trx, tables.tableOf('replay_snapshots'), rows.snapshots, { key, onConflict: 'ignore' });
  await writeRows(trx, tables.tableOf('replay_markers'), rows.markers, { key, onConflict: 'ignore' });
}

/** The generation's latest snapshot of a stream at or before `version` (the runner's own tables). */
export async function latestSnapshotAtOrBefore(
  trx: Trx,
  tables: ProjectionTables,
  streamId: string,
  version: number,
): Promise<{ state: RoomState; chatTotal: number } | null> {
  const { rows } = await sql<{ version: number; state: RoomState; chat_total: number }>`
    SELECT version, state, chat_total FROM ${sql.table(tables.tableOf('replay_snapshots'))}
    WHERE stream_id = ${streamId} AND version <= ${version}
    ORDER BY version DESC LIMIT 1`.execute(trx);
  const row = rows[0];
  return row === undefined
    ? null
    : { state: { ...row.state, version: row.version }, chatTotal: row.chat_total };
}
