// What a replay reads: the `replay` projection's views (snapshots, markers) and the room's stream
// by key. Plain Kysely functions.
import type { ReplayMarkerKind, RoomState } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

export async function snapshotAtOrBefore(
  db: Db,
  streamId: string,
  instant: string,
): Promise<{ state: RoomState; chatTotal: number } | undefined> {
  const row = await db
    .selectFrom('replay_snapshots')
    .select(['version', 'state', 'chat_total'])
    .where('stream_id', '=', streamId)
    .where('at', '<=', new Date(instant))
    .orderBy('at', 'desc')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { state: { ...(row.state as RoomState), version: row.version }, chatTotal: row.chat_total };
}

export async function markersOf(db: Db, streamId: string, limit: number) {
  const rows = await db
    .selectFrom('replay_markers')
    .select(['version', 'at', 'kind', 'label'])
    .where('stream_id', '=', streamId)
    .orderBy('version')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    version: row.version,
    at: row.at.toISOString(),
    kind: row.kind as ReplayMarkerKind,
    label: row.label,
  }));
}

export async function streamVersion(db: Db, streamId: string): Promise<number> {
  const row = await db
    .selectFrom('session_streams')
    .select('version')
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

export async function labTimeZone(db: Db, labId: number): Promise<string> {
  const row = await db.selectFrom('labs').select('time_zone').where('id', '=', labId).executeTakeFirst();
  return row?.time_zone ?? 'Europe/Paris';
}
