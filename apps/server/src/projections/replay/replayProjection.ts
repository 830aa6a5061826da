// The `replay` projection: what the replay of a room seeks from. Each room's stream is folded with the
// room decider's own `evolve`; every REPLAY_SNAPSHOT_EVERY versions the state is kept with only the
// latest messages of its chat (a replay shows the latest REPLAY_CHAT_MESSAGES; keeping the whole
// conversation would make each snapshot as big as the chat so far) and the count of all of them, and
// the events worth a mark on the timeline (joins, leaves, polls, shares, scenes, the session's start and
// end) go to replay_markers. Seeking an instant then folds at most REPLAY_SNAPSHOT_EVERY events
// (replay/replayService.ts).
import {
  eventInstant,
  evolve,
  initialRoomState,
  keepLatestMessages,
  REPLAY_CHAT_MESSAGES,
  type RoomState,
  replayMarkerOf,
  type SessionEvent,
} from '@lablive/domain';
import type { Transaction } from 'kysely';
import { loadRoomConfig } from '../../access/roomAccess.ts';
import type { Database } from '../../db/schema.ts';
import { toSessionEvent } from '../../event-store/index.ts';
import { readStream } from '../../event-store/readStream.ts';
import type { StoredSessionEvent } from '../../event-store/types.ts';
import type { Projection, ProjectionTables } from '../projection.ts';
import {
  createReplayTables,
  latestSnapshotAtOrBefore,
  REPLAY_READ_MODELS,
  type ReplayMarkerRow,
  type ReplaySnapshotRow,
  writeReplayRows,
} from './replayRows.ts';

/** Versions between two snapshots of a room: a seek folds at most this many events. */
export const REPLAY_SNAPSHOT_EVERY = 1000;
/**
 * Messages a snapshot keeps: a few more than a replay shows, so that messages removed after the
 * snapshot still leave the latest REPLAY_CHAT_MESSAGES to show (the chat is most of a snapshot's size).
 */
const SNAPSHOT_CHAT_MESSAGES = REPLAY_CHAT_MESSAGES + 50;
/** Rooms whose folded state this process keeps between pages (the busiest ones stay). */
const CACHED_ROOMS = 2000;
const ROOM_STREAM = /^room-(\d+)$/;

/** A room folded for replay: its state, and how many chat messages it holds (the state keeps the latest). */
export type ReplayFold = { state: RoomState; chatTotal: number };

/** Folds one event: the state with the room decider's evolve, and the count of the chat's messages. */
export function foldForReplay(fold: ReplayFold, event: SessionEvent): ReplayFold {
  const chatTotal =
    fold.chatTotal +
    (event.type === 'ChatMessageSent' ? 1 : 0) -
    (event.type === 'ChatMessageRemoved' ? 1 : 0);
  return { state: evolve(fold.state, event), chatTotal };
}

/** The state as a snapshot keeps it: only the latest messages of its chat. */
export function forSnapshot(state: RoomState): RoomState {
  return { ...state, chat: keepLatestMessages(state.chat, SNAPSHOT_CHAT_MESSAGES) };
}

/**
 * The state of a room's stream at `version` folded from the generation's latest snapshot at or before
 * it and the stream's events after that snapshot (its chat holds the latest messages, chatTotal counts all).
 */
export async function replayStateAt(
  trx: Transaction<Database>,
  tables: ProjectionTables,
  streamId: string,
  version: number,
): Promise<ReplayFold> {
  let fold = (await latestSnapshotAtOrBefore(trx, tables, streamId, version)) ?? {
    state: initialRoomState(await roomConfigOf(trx, streamId)),
    chatTotal: 0,
  };
  while (fold.state.version < version) {
    const limit = Math.min(1000, version - fold.state.version);
    const events = await readStream(trx, streamId, fold.state.version + 1, limit);
    if (events.length === 0) break;
    for (const stored of events) fold = foldForReplay(fold, toSessionEvent(stored));
  }
  return fold;
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
  const cache = new Map<string, ReplayFold>();
  const remember = (streamId: string, fold: ReplayFold) => {
    cache.delete(streamId);
    cache.set(streamId, fold);
    if (cache.size > CACHED_ROOMS) cache.delete(cache.keys().next().value as string);
  };

  return {
    name: 'replay',
    // 2: the room's state holds its questions (issue 33): snapshots are folded again with them.
    // 3: and its lobby (issue 33, part 2).
    version: 3,
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
      const folded = new Map<string, ReplayFold>();
      for (const [streamId, events] of byStream) {
        const first = (events[0] as StoredSessionEvent).streamVersion;
        const cached = cache.get(streamId);
        let fold =
          cached !== undefined && cached.state.version === first - 1
            ? cached
            : await replayStateAt(trx, tables, streamId, first - 1);
        for (const storedEvent of events) {
          const event = toSessionEvent(storedEvent);
          const at = eventInstant(event, storedEvent.occurredAt);
          const version = storedEvent.streamVersion;
          const marker = replayMarkerOf(event, fold.state);
          if (marker !== null) markers.push({ stream_id: streamId, version, at, ...marker });
          fold = foldForReplay(fold, event);
          if (version % REPLAY_SNAPSHOT_EVERY === 0) {
            // What is kept is what a reload from this snapshot gives: the cache and the tables agree.
            fold = { state: forSnapshot(fold.state), chatTotal: fold.chatTotal };
            snapshots.push({
              stream_id: streamId,
              version,
              at,
              state: fold.state,
              chat_total: fold.chatTotal,
            });
          }
        }
        folded.set(streamId, fold);
      }
      await writeReplayRows(trx, tables, { snapshots, markers });
      // Kept once written: a failure above leaves the cache as it was.
      for (const [streamId, fold] of folded) remember(streamId, fold);
    },
  };
}
