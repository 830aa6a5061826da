// The room's live state as RoomContext's external store: the realtime client's RoomHandle folds every
// delivered event into `handle.state` (a new object only when something changed), and says so through
// onState, which is all useSyncExternalStore needs.
import type { RoomHandle } from '@lablive/client';
import { EVENT_ROLES, type EventRole, isAnimator, isObserver, type RoomTokenResponse } from '@lablive/domain';
import type { RoomMe, RoomStateStore } from '../roomContext.ts';

export function roomStateStore(handle: Pick<RoomHandle, 'state' | 'onState'>): RoomStateStore {
  return {
    getState: () => handle.state,
    subscribe: (listener) => handle.onState(() => listener()),
  };
}

const asEventRole = (role: string): EventRole | undefined => EVENT_ROLES.find((known) => known === role);

/** Who I am in the room: the socket's word (participant id and role), the room token's when it is unknown. */
export function roomMe(
  handle: Pick<RoomHandle, 'participantId' | 'role'>,
  participation: RoomTokenResponse['participation'],
): RoomMe {
  const role = asEventRole(handle.role) ?? participation.role;
  return {
    participantId: handle.participantId,
    role,
    isAnimator: isAnimator(role),
    isObserver: isObserver(role),
  };
}
