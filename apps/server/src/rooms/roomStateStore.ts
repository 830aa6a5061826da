// Loading and saving a room's state: the latest snapshot plus the tail of the stream folded with the
// domain's evolve. Events read back are parsed with the domain schemas (event-store/sessionEvents.ts):
// a malformed row is reported where it is, never folded.
import { evolve, initialRoomState, type RoomConfig, type RoomState, roomStreamId } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { readStream, toSessionEvent } from '../event-store/index.ts';

/** Bumped when RoomState changes shape: older snapshots are then ignored and the log folded again. */
// 6: the room's lobby (issue 33, part 2).
export const ROOM_STATE_VERSION = 6;
const PAGE = 1000;

/** Who sent which command recently, to answer a retried command with its first outcome. */
/**
 * A command answered lately: its key and the version its events left the stream at, what a retry is
 * answered with. Not its events: the room received them with the first answer, and a window of
 * thousands of commands per room holding them was most of a host's memory (the soak, issue 29).
 */
export type RecentCommand = { key: string; version: number };

export function commandKey(participantId: number | undefined, commandId: string): string {
  return `${participantId ?? 0}:${commandId}`;
}

export type LoadedRoom = { state: RoomState; recent: RecentCommand[] };

/**
 * The room's state at the end of its stream. The configuration comes from the rooms table (it may
 * have changed since the snapshot), the rest from the log. `recentWindow` events at the end of the
 * stream are kept as recent commands.
 */
export async function loadRoom(db: Db, config: RoomConfig, recentWindow: number): Promise<LoadedRoom> {
  const streamId = roomStreamId(config.roomId);
  const snapshot = await db
    .selectFrom('room_snapshots')
    .select(['version', 'state'])
    .where('stream_id', '=', streamId)
    .where('state_version', '=', ROOM_STATE_VERSION)
    .executeTakeFirst();
  let state: RoomState =
    snapshot && isRoomState(snapshot.state)
      ? { ...snapshot.state, config, version: snapshot.version }
      : initialRoomState(config);
  // The recent window may reach before the snapshot: read from whichever is earlier.
  const head = await db
    .selectFrom('session_streams')
    .select('version')
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  const end = head?.version ?? 0;
  const readFrom = Math.max(1, Math.min(state.version + 1, end - recentWindow + 1));
  const byCommand = new Map<string, RecentCommand>();
  for (let from = readFrom; ; ) {
    const page = await readStream(db, streamId, from, PAGE);
    for (const stored of page) {
      if (stored.streamVersion > state.version) state = evolve(state, toSessionEvent(stored));
      const causation = stored.metadata.causationId;
      if (causation !== undefined && stored.streamVersion > end - recentWindow) {
        const key = commandKey(stored.metadata.actor?.participantId, causation);
        byCommand.set(key, { key, version: stored.streamVersion });
      }
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    from = last.streamVersion + 1;
  }
  return { state, recent: [...byCommand.values()] };
}

function isRoomState(value: unknown): value is RoomState {
  // Snapshots are written by saveSnapshot from a RoomState of the same ROOM_STATE_VERSION.
  return typeof value === 'object' && value !== null && 'viewers' in value && 'polls' in value;
}

/**
 * Events between two snapshots. A snapshot writes the whole state, which grows with the chat: taking one
 * every max(500, messages) events keeps its cost per event flat however long the session, and a host
 * taking the room over folds at most that many events after it (a few milliseconds per thousand).
 */
export function snapshotInterval(state: RoomState): number {
  return Math.max(500, state.chat.size);
}

export async function saveSnapshot(db: Db, state: RoomState): Promise<void> {
  const streamId = roomStreamId(state.config.roomId);
  const json = JSON.stringify(state);
  // Never replace a newer snapshot (a slow write from a host that lost the room).
  await sql`
    INSERT INTO room_snapshots (stream_id, version, state_version, state, updated_at)
    VALUES (${streamId}, ${state.version}, ${ROOM_STATE_VERSION}, ${json}::jsonb, now())
    ON CONFLICT (stream_id) DO UPDATE
      SET version = EXCLUDED.version, state_version = EXCLUDED.state_version, state = EXCLUDED.state,
          updated_at = now()
      WHERE room_snapshots.version < EXCLUDED.version OR room_snapshots.state_version <> EXCLUDED.state_version
  `.execute(db);
}
