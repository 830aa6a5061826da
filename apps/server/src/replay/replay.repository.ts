// What a replay reads: the `replay` projection's views (snapshots, markers, chat) and the room's stream
// by key. Plain Kysely functions.
import type { ChatMessage, ReplayMarkerKind, RoomState } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

export async function snapshotAtOrBefore(
  db: Db,
  streamId: string,
  instant: string,
): Promise<{ version: number; state: RoomState } | undefined> {
  const row = await db
    .selectFrom('replay_snapshots')
    .select(['version', 'state'])
    .where('stream_id', '=', streamId)
    .where('at', '<=', new Date(instant))
    .orderBy('at', 'desc')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { version: row.version, state: row.state as RoomState };
}

/** The chat up to a snapshot's version as it stood at `asOf`: the latest `limit` messages and the count. */
export async function chatBefore(
  db: Db,
  streamId: string,
  upToVersion: number,
  asOf: number,
  limit: number,
): Promise<{ messages: ChatMessage[]; total: number }> {
  const visible = db
    .selectFrom('replay_chat')
    .where('stream_id', '=', streamId)
    .where('version', '<=', upToVersion)
    .where((eb) => eb.or([eb('removed_version', 'is', null), eb('removed_version', '>', asOf)]));
  const rows = await visible
    .select(['message_id', 'sender_id', 'sender_name', 'text', 'at'])
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
  const { count } = await visible
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    messages: rows.reverse().map((row) => ({
      id: row.message_id,
      from: { participantId: row.sender_id, name: row.sender_name },
      text: row.text,
      at: row.at.toISOString(),
    })),
    total: Number(count),
  };
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
