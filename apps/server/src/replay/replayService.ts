// Replay of a room (issue 18 part 5): its timeline, and the room at any instant, folded with the room
// decider's own `evolve` from the `replay` projection's nearest snapshot at or before that instant, so
// the replay and the live room cannot disagree. Staff with view statistics (and the stats module) who
// may see the room's event; another lab's room, or one of an event the caller may not see, is 404.
import {
  eventInstant,
  notFound,
  type Principal,
  type ReplayState,
  type ReplayTimeline,
  replayView,
  roomStreamId,
} from '@lablive/domain';
import { findVisibleRoom } from '../access/visibleEvents.ts';
import type { Db } from '../db/connection.ts';
import { toSessionEvent } from '../event-store/index.ts';
import { readStream } from '../event-store/readStream.ts';
import { findRoomInLab } from '../events/rooms.repository.ts';
import { labTimeZone, markersOf, streamVersion } from './replay.repository.ts';
import { roomAtInstant } from './roomAtInstant.ts';

/** The timeline shows this many markers at most (a long session's joins and leaves are many). */
export const MAX_MARKERS = 2000;

export type ReplayService = ReturnType<typeof createReplayService>;

export function createReplayService(deps: { db: Db }) {
  const { db } = deps;

  async function roomOf(principal: Principal, roomId: number) {
    // The replay holds the whole chat: it follows the event's visibility like every read of the room.
    const visible = await findVisibleRoom(db, principal, roomId);
    const room = visible && (await findRoomInLab(db, principal.labId, roomId));
    if (room === undefined) throw notFound('room', roomId);
    return room;
  }

  async function instantOf(streamId: string, version: number): Promise<string | null> {
    if (version < 1) return null;
    const [stored] = await readStream(db, streamId, version, 1);
    return stored === undefined ? null : eventInstant(toSessionEvent(stored), stored.occurredAt);
  }

  return {
    async timeline(principal: Principal, roomId: number): Promise<ReplayTimeline> {
      const room = await roomOf(principal, roomId);
      const streamId = roomStreamId(roomId);
      const lastVersion = await streamVersion(db, streamId);
      const markers = await markersOf(db, streamId, MAX_MARKERS + 1);
      return {
        room_id: roomId,
        event_id: room.event_id,
        event_name: room.event_name,
        time_zone: await labTimeZone(db, principal.labId),
        from: await instantOf(streamId, 1),
        to: await instantOf(streamId, lastVersion),
        last_version: lastVersion,
        markers: markers.slice(0, MAX_MARKERS),
        markers_truncated: markers.length > MAX_MARKERS,
      };
    },

    async stateAt(principal: Principal, roomId: number, instant: string): Promise<ReplayState> {
      await roomOf(principal, roomId);
      const wanted = Date.parse(instant);
      const fold = await roomAtInstant(db, principal.labId, roomId, wanted);
      return {
        at: new Date(wanted).toISOString(),
        version: fold.state.version,
        view: replayView(fold.state, fold.chatTotal),
      };
    },
  };
}
