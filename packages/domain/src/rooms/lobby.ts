// The room's lobby (issue 33, part 2): who waits to be let in, who was let in, who was removed, and
// whether the room is locked, for the current session. An event may ask its guests (participants and
// observers) to knock and wait until a host admits them; hosts (animators, observer-animators) never
// wait. A host may lock the room (nobody new comes in; whoever was in this session may come back after a
// lost connection) and remove a guest, who may not come back into this session. All of it resets when
// the session ends: a removed guest may come to the next one. Pure: decide and the gateway ask the same
// questions of the same state.
import type { EventRole } from '../auth/access.ts';
import type { RoomActor } from './decision.ts';
import type { RoomRejectionCode } from './rejections.ts';
import { isAnimator } from './roomRoles.ts';
import type { RoomState } from './roomState.ts';

export type Knock = { participantId: number; role: EventRole; at: string };

export type LobbyState = {
  locked: boolean;
  /** Guests waiting to be let in, in order of arrival. */
  knocking: readonly Knock[];
  /** Guests a host let in this session. */
  admitted: readonly number[];
  /** Everyone who came in this session: they may come back after a lost connection, locked or not. */
  entered: readonly number[];
  /** Guests a host removed this session. */
  removed: readonly number[];
};

export const emptyLobby: LobbyState = { locked: false, knocking: [], admitted: [], entered: [], removed: [] };

/** Whether the room's event makes its guests wait in the lobby (the event's setting). */
export function lobbyEnabled(state: RoomState): boolean {
  return state.config.lobby === true;
}

export function findKnock(state: RoomState, participantId: number): Knock | undefined {
  return state.lobby.knocking.find((knock) => knock.participantId === participantId);
}

/** This person must knock before entering: a guest of an event with a lobby, not let in yet. */
export function mustKnock(state: RoomState, actor: Pick<RoomActor, 'participantId' | 'role'>): boolean {
  if (!lobbyEnabled(state) || isAnimator(actor.role)) return false;
  const { admitted, entered } = state.lobby;
  return !admitted.includes(actor.participantId) && !entered.includes(actor.participantId);
}

/**
 * Why this person may not come into the room now, or null when they may. The join and the socket's
 * greeting ask it (so someone kept out never receives the room's state), and the knock too.
 */
export function entryRefusal(
  state: RoomState,
  actor: Pick<RoomActor, 'participantId' | 'role' | 'recalled'>,
): RoomRejectionCode | null {
  const { lobby } = state;
  if (lobby.removed.includes(actor.participantId)) return 'removed_from_session';
  if (state.viewers.some((viewer) => viewer.id === actor.participantId)) return null;
  if (isAnimator(actor.role) || actor.recalled === true) return null;
  if (lobby.locked && !lobby.entered.includes(actor.participantId)) return 'room_locked';
  return mustKnock(state, actor) ? 'lobby_wait' : null;
}
