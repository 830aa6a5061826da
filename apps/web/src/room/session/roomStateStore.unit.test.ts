// The store RoomContext hands to components, over a room handle's state and its onState.
import { initialRoomState, type RoomState } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { roomMe, roomStateStore } from './roomStateStore.ts';

describe('room state store', () => {
  it('reads the handle state and tells its listeners about each new one', () => {
    let state: RoomState = initialRoomState({
      roomId: 1,
      eventId: 1,
      labId: 1,
      activeModules: [],
      labModules: [],
    });
    const listeners = new Set<(state: RoomState) => void>();
    const handle = {
      get state() {
        return state;
      },
      onState: (listener: (state: RoomState) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const store = roomStateStore(handle);
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });

    state = { ...state, shareCount: 1 };
    for (const listener of listeners) listener(state);
    unsubscribe();
    for (const listener of listeners) listener(state);

    expect(store.getState().shareCount).toBe(1);
    expect(calls).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('knows animators and observers, observer-animators being both', () => {
    const participation = { id: 5, role: 'participant' as const };

    expect(roomMe({ participantId: 5, role: 'observer-animator' }, participation)).toEqual({
      participantId: 5,
      role: 'observer-animator',
      isAnimator: true,
      isObserver: true,
    });
    expect(roomMe({ participantId: 5, role: 'someone' }, participation).role).toBe('participant');
  });
});
