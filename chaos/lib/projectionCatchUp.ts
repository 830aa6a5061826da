// Whether the projections of the log (the statistics, the replay) have folded every event, read as an
// operator would (`npm run projections -- status`: each live generation's lag and failure) and as a
// user would (a session's message count in the statistics equals the messages the log holds for it).
import { type Db, PROJECTIONS, projectionStatus } from '@lablive/server/tooling';
import { sql } from 'kysely';
import { roomLog } from './chatRooms.ts';

export type ProjectionLag = { name: string; lagEvents: number; failure: string | null };

/** Each projection's live generation: events of the log it has not folded, and the event it stopped on. */
export async function projectionLags(db: Db): Promise<ProjectionLag[]> {
  const statuses = await projectionStatus(db, PROJECTIONS);
  return statuses.map((status) => ({
    name: status.name,
    lagEvents: status.live?.lagEvents ?? Number.POSITIVE_INFINITY,
    failure: status.live?.failure ? JSON.stringify(status.live.failure) : null,
  }));
}

export type SessionCount = { roomId: number; inStats: number; inLog: number };

/**
 * Per room, the messages of its sessions in the statistics (the `stats_sessions` view the stats API
 * reads) and the chat messages the log holds while a session was open.
 */
export async function sessionMessageCounts(db: Db, roomIds: readonly number[]): Promise<SessionCount[]> {
  const counts: SessionCount[] = [];
  for (const roomId of roomIds) {
    let open = false;
    let inLog = 0;
    for (const event of await roomLog(db, roomId)) {
      if (event.type === 'SessionStarted') open = true;
      else if (event.type === 'SessionEnded') open = false;
      else if (event.type === 'ChatMessageSent' && open) inLog++;
    }
    const { rows } = await sql<{ messages: number }>`
      SELECT coalesce(sum(messages), 0)::int AS messages FROM stats_sessions WHERE room_id = ${roomId}
    `.execute(db);
    counts.push({ roomId, inStats: rows[0]?.messages ?? 0, inLog });
  }
  return counts;
}

/** True when every projection has folded the whole log and the statistics count every message. */
export async function projectionsCaughtUp(db: Db, roomIds: readonly number[]): Promise<boolean> {
  const lags = await projectionLags(db);
  if (lags.some((lag) => lag.lagEvents > 0 || lag.failure !== null)) return false;
  const counts = await sessionMessageCounts(db, roomIds);
  return counts.every((count) => count.inStats === count.inLog);
}
