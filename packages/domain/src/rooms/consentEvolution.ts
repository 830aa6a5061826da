// How consent events change a room: which consent versions each participant gave, as the room's log
// knows them. Beside consentDecisions.ts, which emits them.
import type { SessionEvent } from './roomEvents.ts';
import type { RoomState } from './roomState.ts';

export type ConsentEvent = Extract<SessionEvent, { type: 'ConsentGiven' | 'ConsentWithdrawn' }>;

/** A consent version a participant gave and has not withdrawn, as the room's log says. */
export type LoggedConsent = { participantId: number; consentId: number; version: number };

export function evolveConsents(state: RoomState, event: ConsentEvent): RoomState {
  const { participantId, consentId, version } = event.data;
  const others = state.consents.filter(
    (given) => !(given.participantId === participantId && given.consentId === consentId),
  );
  if (event.type === 'ConsentWithdrawn') return { ...state, consents: others };
  return { ...state, consents: [...others, { participantId, consentId, version }] };
}
