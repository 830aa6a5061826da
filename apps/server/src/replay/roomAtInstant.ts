// A room as it was at an instant, folded with the room decider's own `evolve` from the `replay`
// projection's nearest snapshot at or before it: what the replay shows, and what statistics read the
// room's questions from (its state at the end of the log).
import { eventInstant, initialRoomState, type RoomState, roomStreamId } from '@lablive/domain';
import { loadRoomConfig } from '../access/roomAccess.ts';
import type { Db } from '../db/connection.ts';
import { toSessionEvent } from '../event-store/index.ts';
import { readStream } from '../event-store/readStream.ts';
import {
  foldForReplay,
  REPLAY_SNAPSHOT_EVERY,
  type ReplayFold,
} from '../projections/replay/replayProjection.ts';
import { snapshotAtOrBefore } from './replay.repository.ts';

/** The room's fold up to `wantedMs` (Infinity: the whole log), for a room of the lab `labId`. */
export async function roomAtInstant(
  db: Db,
  labId: number,
  roomId: number,
  wantedMs: number,
): Promise<ReplayFold> {
  const streamId = roomStreamId(roomId);
  const snapshot = await snapshotAtOrBefore(
    db,
    streamId,
    new Date(Number.isFinite(wantedMs) ? wantedMs : 8.64e15).toISOString(),
  );
  let fold: ReplayFold = snapshot ?? {
    state: initialRoomState(
      (await loadRoomConfig(db, labId, roomId))?.config ?? {
        roomId,
        eventId: 0,
        labId,
        activeModules: [],
        labModules: [],
      },
    ),
    chatTotal: 0,
  };
  // Beyond the snapshot, at most REPLAY_SNAPSHOT_EVERY events while the projection keeps up.
  folding: for (;;) {
    const events = await readStream(db, streamId, fold.state.version + 1, REPLAY_SNAPSHOT_EVERY);
    for (const stored of events) {
      const event = toSessionEvent(stored);
      if (Date.parse(eventInstant(event, stored.occurredAt)) > wantedMs) break folding;
      fold = foldForReplay(fold, event);
    }
    if (events.length < REPLAY_SNAPSHOT_EVERY) break;
  }
  return fold;
}

/** The room's state at the end of its log. */
export async function roomAtEnd(db: Db, labId: number, roomId: number): Promise<RoomState> {
  return (await roomAtInstant(db, labId, roomId, Number.POSITIVE_INFINITY)).state;
}
