// The `sessions` projection: every room's sessions, attendance, talk time, messages, votes, requests to
// speak, consumption and poll results (the domain's evolveRoomStats), and each document's shares. The
// statistics and consumption calls read its views (stats.repository.ts).
import {
  emptyRoomStats,
  eventInstant,
  evolveRoomStats,
  type RoomLoggedEvent,
  type RoomStatsRows,
} from '@lablive/domain';
import type { StoredSessionEvent } from '../../event-store/types.ts';
import { toSessionEvent } from '../../rooms/roomStateStore.ts';
import type { Projection } from '../projection.ts';
import {
  addDocumentShares,
  createSessionTables,
  type DocumentShareCount,
  loadRoomStats,
  SESSION_READ_MODELS,
  saveRoomStats,
} from './sessionStatsRows.ts';

const ROOM_STREAM = /^room-(\d+)$/;

/** A stored event as the fold sees it, or null for a stream that is not a room's. */
export function toRoomLoggedEvent(stored: StoredSessionEvent): RoomLoggedEvent | null {
  const match = ROOM_STREAM.exec(stored.streamId);
  if (match === null) return null;
  const event = toSessionEvent(stored);
  return {
    roomId: Number(match[1]),
    labId: stored.metadata.labId,
    at: eventInstant(event, stored.occurredAt),
    event,
  };
}

/** Folds a page's events room by room from the given rows (the order within each room is the log's). */
export function foldRoomStats(
  loaded: ReadonlyMap<number, RoomStatsRows>,
  events: readonly RoomLoggedEvent[],
): Map<number, RoomStatsRows> {
  const folded = new Map(loaded);
  for (const logged of events) {
    const rows = folded.get(logged.roomId) ?? emptyRoomStats(logged.roomId, logged.labId);
    folded.set(logged.roomId, evolveRoomStats(rows, logged));
  }
  return folded;
}

function documentShares(events: readonly RoomLoggedEvent[]): DocumentShareCount[] {
  const counts = new Map<string, DocumentShareCount>();
  for (const { event, labId } of events) {
    if (event.type !== 'DocumentShared') continue;
    const { id, name, extension } = event.data.document;
    const key = `${labId}:${id}`;
    const count = counts.get(key);
    counts.set(key, { labId, documentId: id, name, extension, count: (count?.count ?? 0) + 1 });
  }
  return [...counts.values()];
}

export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 1,
  readModels: SESSION_READ_MODELS,
  createTables: createSessionTables,
  async apply(trx, stored, tables) {
    const events = stored.map(toRoomLoggedEvent).filter((event) => event !== null);
    if (events.length === 0) return;
    const roomIds = [...new Set(events.map((event) => event.roomId))];
    const pollIds = [
      ...new Set(
        events.flatMap(({ event }) =>
          event.type.startsWith('Poll') ? [(event.data as { pollId: string }).pollId] : [],
        ),
      ),
    ];
    const loaded = await loadRoomStats(trx, tables, roomIds, pollIds);
    const folded = foldRoomStats(loaded, events);
    await saveRoomStats(trx, tables, loaded, folded);
    await addDocumentShares(trx, tables, documentShares(events));
  },
};
