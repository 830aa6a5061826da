// An event's lobby for its statistics (issue 33, part 2): each room's lobby events and session bounds,
// read from the log in order and folded by the domain's lobbyStatsRows (knocks, answers, waits,
// removals per session). The caller's right to see the event is the statistics service's to check before.
import {
  LOBBY_STATS_EVENT_TYPES,
  type LobbyStatsRow,
  lobbyStatsRows,
  roomStreamId,
  sessionEventSchema,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';

/** `roomIds`: the rooms of an event the caller may see (the statistics service checked it). */
export async function eventLobby(db: Db, roomIds: Iterable<number>): Promise<LobbyStatsRow[]> {
  const rows: LobbyStatsRow[] = [];
  for (const roomId of [...roomIds].sort((a, b) => a - b)) {
    // None of these events carries a personal field: their data is read as stored.
    const stored = await db
      .selectFrom('session_events')
      .select(['type', 'data'])
      .where('stream_id', '=', roomStreamId(roomId))
      .where('type', 'in', [...LOBBY_STATS_EVENT_TYPES])
      .orderBy('stream_version')
      .execute();
    const events = stored.map((row) => sessionEventSchema.parse({ type: row.type, data: row.data }));
    rows.push(...lobbyStatsRows(roomId, events));
  }
  return rows;
}
