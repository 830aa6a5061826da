// The `replay` projection: what the replay of a room seeks from. Each room's stream is folded with the
// room decider's own `evolve`; every REPLAY_SNAPSHOT_EVERY versions the state is kept (without its chat,
// which would make every snapshot as big as the whole conversation so far), each chat message is kept
// once in replay_chat (with the version that removed it, if one did), and the events worth a mark on
// the timeline (joins, leaves, polls, shares, scenes, the session's start and end) in replay_markers.
// Seeking an instant then folds at most REPLAY_SNAPSHOT_EVERY events (replay/replayService.ts).
import {
  emptyChatLog,
  eventInstant,
  evolve,
  initialRoomState,
  type RoomState,
  replayMarkerOf,
} from '@lablive/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readStream } from '../../event-store/readStream.ts';
import type { StoredSessionEvent } from '../../event-store/types.ts';
import { loadRoomConfig } from '../../rooms/roomAccess.ts';
import { toSessionEvent } from '../../rooms/roomStateStore.ts';
import type { Projection, ProjectionTables } from '../projection.ts';
import {
  createReplayTables,
  latestSnapshotAtOrBefore,
  REPLAY_READ_MODELS,
  type ReplayChatRow,
  type ReplayMarkerRow,
  type ReplaySnapshotRow,
  writeReplayRows,
} from './replayRows.ts';

/** Versions between two snapshots of a room: a seek folds at most this many events. */
export const REPLAY_SNAPSHOT_EVERY = 500;
/** Rooms whose folded state this process keeps between pages (the busiest ones stay). */
const CACHED_ROOMS = 2000;
const ROOM_STREAM = /^room-(\d+)$/;

/** A snapshot of the state as replay keeps it: its chat is in replay_chat. */
export function withoutChat(state: RoomState): RoomState {
  return { ...state, chat: emptyChatLog };
}

/**
 * The state of a room's stream at `version` folded from the generation's latest snapshot at or before
 * it and the stream's events after that snapshot (its chat holds only those events' messages).
 */
export async function replayStateAt(
  trx: Transaction<Database>,
  tables: ProjectionTables,
  streamId: string,
  version: number,
): Promise<RoomState> {
  const snapshot = await latestSnapshotAtOrBefore(trx, tables, streamId, version);
  let state = snapshot ?? initialRoomState(await roomConfigOf(trx, streamId));
  while (state.version < version) {
    const events = await readStream(
      trx,
      streamId,
      state.version + 1,
      Math.min(1000, version - state.version),
    );
    if (events.length === 0) break;
    for (const stored of events) state = evolve(state, toSessionEvent(stored));
  }
  return state;
}

async function roomConfigOf(trx: Transaction<Database>, streamId: string) {
  const roomId = Number(ROOM_STREAM.exec(streamId)?.[1] ?? 0);
  const config = await loadRoomConfig(trx, null, roomId);
  // A room since deleted still replays: its config only names it.
  return config?.config ?? { roomId, eventId: 0, labId: 0, activeModules: [], labModules: [] };
}

export function createReplayProjection(): Projection {
  // Folded states by stream, the latest version applied first in line to be dropped last. A state is
  // used only for the version it was folded to, so a page applied again after a rollback, or by
  // another runner meanwhile, reloads from the database instead.
  const cache = new Map<string, RoomState>();
  const remember = (streamId: string, state: RoomState) => {
    cache.delete(streamId);
    cache.set(streamId, state);
    if (cache.size > CACHED_ROOMS) cache.delete(cache.keys().next().value as string);
  };

  return {
    name: 'replay',
    version: 1,
    readModels: REPLAY_READ_MODELS,
    createTables: createReplayTables,
    async apply(trx, stored, tables) {
      const byStream = new Map<string, StoredSessionEvent[]>();
      for (const event of stored) {
        if (!ROOM_STREAM.test(event.streamId)) continue;
        const events = byStream.get(event.streamId) ?? [];
        events.push(event);
        byStream.set(event.streamId, events);
      }
      const snapshots: ReplaySnapshotRow[] = [];
      const markers: ReplayMarkerRow[] = [];
      const chat: ReplayChatRow[] = [];
      const removals: { stream_id: string; message_id: string; removed_version: number }[] = [];
      const folded = new Map<string, RoomState>();
      for (const [streamId, events] of byStream) {
        const first = (events[0] as StoredSessionEvent).streamVersion;
        const cached = cache.get(streamId);
        let state =
          cached !== undefined && cached.version === first - 1
            ? cached
            : await replayStateAt(trx, tables, streamId, first - 1);
        for (const storedEvent of events) {
          const event = toSessionEvent(storedEvent);
          const at = eventInstant(event, storedEvent.occurredAt);
          const version = storedEvent.streamVersion;
          const marker = replayMarkerOf(event, state);
          if (marker !== null) markers.push({ stream_id: streamId, version, at, ...marker });
          if (event.type === 'ChatMessageSent') {
            chat.push({
              stream_id: streamId,
              version,
              message_id: event.data.messageId,
              sender_id: event.data.from.participantId,
              sender_name: event.data.from.name,
              text: event.data.text,
              at: event.data.at,
              removed_version: null,
            });
          } else if (event.type === 'ChatMessageRemoved') {
            removals.push({
              stream_id: streamId,
              message_id: event.data.messageId,
              removed_version: version,
            });
          }
          state = evolve(state, event);
          if (state.version % REPLAY_SNAPSHOT_EVERY === 0) {
            state = withoutChat(state);
            snapshots.push({ stream_id: streamId, version, at, state });
          }
        }
        folded.set(streamId, state);
      }
      await writeReplayRows(trx, tables, { snapshots, markers, chat, removals });
      // Kept once written: a failure above leaves the cache as it was.
      for (const [streamId, state] of folded) remember(streamId, state);
    },
  };
}
