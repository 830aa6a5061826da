// How the lobby's events change the room (lobby.ts), and what the lobby keeps of the others: who came
// in this session (a join), and the end of a session, after which everything starts again.
import { emptyLobby, type LobbyState } from './lobby.ts';
import type { SessionEvent, SessionEventOf } from './roomEvents.ts';
import type { RoomState } from './roomState.ts';

export type LobbyEvent = SessionEventOf<
  | 'ParticipantKnocked'
  | 'KnockWithdrawn'
  | 'ParticipantAdmitted'
  | 'ParticipantDenied'
  | 'RoomLocked'
  | 'RoomUnlocked'
  | 'ParticipantRemoved'
>;

const withLobby = (state: RoomState, change: Partial<LobbyState>): RoomState => ({
  ...state,
  lobby: { ...state.lobby, ...change },
});

const added = (ids: readonly number[], id: number) => (ids.includes(id) ? ids : [...ids, id]);

function withoutKnock(state: RoomState, participantId: number): readonly LobbyState['knocking'][number][] {
  return state.lobby.knocking.filter((knock) => knock.participantId !== participantId);
}

export function evolveLobby(state: RoomState, event: LobbyEvent): RoomState {
  switch (event.type) {
    case 'ParticipantKnocked': {
      const { participantId, role, at } = event.data;
      return withLobby(state, {
        knocking: [...withoutKnock(state, participantId), { participantId, role, at }],
      });
    }
    case 'KnockWithdrawn':
    case 'ParticipantDenied':
      return withLobby(state, { knocking: withoutKnock(state, event.data.participantId) });
    case 'ParticipantAdmitted':
      return withLobby(state, {
        knocking: withoutKnock(state, event.data.participantId),
        admitted: added(state.lobby.admitted, event.data.participantId),
      });
    case 'RoomLocked':
      return withLobby(state, { locked: true });
    case 'RoomUnlocked':
      return withLobby(state, { locked: false });
    case 'ParticipantRemoved':
      return withLobby(state, {
        removed: added(state.lobby.removed, event.data.participantId),
        admitted: state.lobby.admitted.filter((id) => id !== event.data.participantId),
        entered: state.lobby.entered.filter((id) => id !== event.data.participantId),
      });
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled lobby event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** What the lobby keeps of the other events: who came in this session, and the session's end. */
export function noteInLobby(state: RoomState, event: SessionEvent): RoomState {
  if (event.type === 'ParticipantJoined')
    return withLobby(state, { entered: added(state.lobby.entered, event.data.participantId) });
  if (event.type === 'SessionEnded') return { ...state, lobby: emptyLobby };
  return state;
}
