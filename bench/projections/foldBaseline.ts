// The baseline of the rebuild: the whole log paged through with the event store's readAll, in pages of
// the runner's size, and every event folded in memory with the domain folds the projections use (the
// same decoding of each stored event), writing nothing. What a rebuild adds on top of it is the read
// models' loading and writing, and the checkpoint.
import { initialRoomState, type RoomStatsRows, replayMarkerOf } from '@lablive/domain';
import {
  type Db,
  foldForReplay,
  foldRoomStats,
  type LogPosition,
  type ReplayFold,
  readAll,
  type StoredSessionEvent,
  toRoomLoggedEvent,
  toSessionEvent,
} from '@lablive/server/tooling';
import type { BaselineFigure } from './projectionsPlan.ts';

/** A projection's fold held in memory: given each page in the log's order. */
export type InMemoryFold = { name: string; fold(events: readonly StoredSessionEvent[]): void };

/** The `sessions` projection's fold (evolveRoomStats, room by room), its rows kept in a map. */
export function sessionsFold(): InMemoryFold {
  let rooms = new Map<number, RoomStatsRows>();
  return {
    name: 'sessions',
    fold(stored) {
      const events = stored.map(toRoomLoggedEvent).filter((event) => event !== null);
      rooms = foldRoomStats(rooms, events);
    },
  };
}

/** The `replay` projection's fold: each room's state by the room decider's evolve, and its markers. */
export function replayFold(): InMemoryFold {
  const rooms = new Map<string, ReplayFold>();
  return {
    name: 'replay',
    fold(stored) {
      for (const event of stored) {
        if (!event.streamId.startsWith('room-')) continue;
        const decoded = toSessionEvent(event);
        const fold = rooms.get(event.streamId) ?? {
          state: initialRoomState({
            roomId: 0,
            eventId: 0,
            labId: event.metadata.labId,
            activeModules: [],
            labModules: [],
          }),
          chatTotal: 0,
        };
        // The markers are part of the fold's work, kept or not.
        replayMarkerOf(decoded, fold.state);
        rooms.set(event.streamId, foldForReplay(fold, decoded));
      }
    },
  };
}

/** The folds of the baseline, one per projection. */
export function baselineFolds(): InMemoryFold[] {
  return [sessionsFold(), replayFold()];
}

export async function foldBaseline(
  db: Db,
  pageSize: number,
  folds: readonly InMemoryFold[],
): Promise<BaselineFigure> {
  const started = performance.now();
  let position: LogPosition | null = null;
  let events = 0;
  let readMs = 0;
  let foldMs = 0;
  for (;;) {
    const read = performance.now();
    const page = await readAll(db, position, pageSize);
    const folding = performance.now();
    readMs += folding - read;
    for (const fold of folds) fold.fold(page.events);
    foldMs += performance.now() - folding;
    events += page.events.length;
    position = page.position;
    if (page.events.length < pageSize) break;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    events,
    seconds,
    eventsPerSecond: events / seconds,
    folds: folds.map((fold) => fold.name),
    readSeconds: readMs / 1000,
    foldSeconds: foldMs / 1000,
  };
}
