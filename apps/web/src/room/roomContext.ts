// What every part of the live room reads: who I am in the room, the room's live state (folded from the
// room socket by packages/client), how to send a room command, the REST client, the room token's data
// and the media session. RoomPage provides it; panels read it with useRoom / useRoomState.
import type { ApiClient, CommandResult } from '@lablive/client';
import type { ClientRoomCommand, EventRole, RoomState, RoomTokenResponse } from '@lablive/domain';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { MediaSession } from '../media/mediaSession.ts';

export type RoomMe = {
  participantId: number;
  role: EventRole;
  isAnimator: boolean;
  /** Observers are spectators of the games (live-room spec, section 6). */
  isObserver: boolean;
};

/** The room's live state as an external store (useSyncExternalStore reads it). */
export type RoomStateStore = {
  getState(): RoomState;
  subscribe(listener: () => void): () => void;
};

export type RoomContextValue = {
  roomId: number;
  eventId: number;
  me: RoomMe;
  store: RoomStateStore;
  send(command: ClientRoomCommand): Promise<CommandResult>;
  api: ApiClient;
  token: RoomTokenResponse;
  /** Null until the media session started (or when it could not). */
  media: MediaSession | null;
};

export const RoomContext = createContext<RoomContextValue | null>(null);

export function useRoom(): RoomContextValue {
  const value = useContext(RoomContext);
  if (value === null) throw new Error('useRoom is used outside the live room');
  return value;
}

/** A slice of the room state; the component re-renders when the slice changes (compare with Object.is). */
export function useRoomState<T>(selector: (state: RoomState) => T): T {
  const { store } = useRoom();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}
