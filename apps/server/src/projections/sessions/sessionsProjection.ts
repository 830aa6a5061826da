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
import { toSessionEvent } from '../../event-store/index.ts';
import { compareLogPositions } from '../../event-store/readAll.ts';
import type { LogPosition, StoredSessionEvent } from '../../event-store/types.ts';
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

/** Rooms whose rows stay in memory between pages (those of sessions still running come back first). */
const CACHED_ROOMS = 5000;

export function createSessionsProjection(): Projection {
  // The rows of recently active rooms as the last page left them, valid for the next page only when it
  // starts where that one ended in the same generation's tables (see ProjectionPage); otherwise, after a
  // rollback, another runner's page or a new generation, every row is read again.
  let cache: { table: string; after: LogPosition; rooms: Map<number, RoomStatsRows> } | null = null;

  return {
    name: 'sessions',
    version: 1,
    readModels: SESSION_READ_MODELS,
    createTables: createSessionTables,
    async apply(trx, stored, tables, page) {
      const events = stored.map(toRoomLoggedEvent).filter((event) => event !== null);
      const table = tables.tableOf('stats_rooms');
      const valid =
        cache !== null && cache.table === table && compareLogPositions(cache.after, page.from) === 0;
      const cached = valid && cache !== null ? cache.rooms : new Map<number, RoomStatsRows>();
      cache = null;
      if (events.length === 0) {
        cache = { table, after: page.to, rooms: cached };
        return;
      }
      const roomIds = [...new Set(events.map((event) => event.roomId))];
      const pollIds = new Set(
        events.flatMap(({ event }) => ('pollId' in event.data ? [event.data.pollId] : [])),
      );
      const missing = roomIds.filter((roomId) => !cached.has(roomId));
      // Polls of cached rooms that this page names and the cache has not seen are read too.
      const unknownPolls = [...pollIds].filter((pollId) =>
        roomIds.every((roomId) => !cached.get(roomId)?.polls.has(pollId)),
      );
      const read = await loadRoomStats(
        trx,
        tables,
        unknownPolls.length > 0 ? roomIds : missing,
        unknownPolls,
      );
      const loaded = new Map<number, RoomStatsRows>();
      for (const roomId of roomIds) {
        const fromCache = cached.get(roomId);
        const fromTable = read.get(roomId);
        if (fromCache === undefined) {
          if (fromTable !== undefined) loaded.set(roomId, fromTable);
        } else {
          const polls = new Map(fromCache.polls);
          for (const [pollId, poll] of fromTable?.polls ?? [])
            if (!polls.has(pollId)) polls.set(pollId, poll);
          loaded.set(roomId, { ...fromCache, polls });
        }
      }
      const folded = foldRoomStats(loaded, events);
      await saveRoomStats(trx, tables, loaded, folded);
      await addDocumentShares(trx, tables, documentShares(events));
      for (const [roomId, rows] of folded) {
        cached.delete(roomId);
        cached.set(roomId, rows);
      }
      while (cached.size > CACHED_ROOMS) cached.delete(cached.keys().next().value as number);
      cache = { table, after: page.to, rooms: cached };
    },
  };
}

/** The projection the server runs (one per process: its rows cache is its own). */
export const sessionsProjection = createSessionsProjection();
