// How stage events change a room: shared documents, the screen share, the presentation's scene and
// step, and the session's start and end. Beside stageDecisions.ts, which emits them.
import type { SessionEvent } from './roomEvents.ts';
import { type RoomState, sessionNumber } from './roomState.ts';

export type StageEvent = Extract<
  SessionEvent,
  {
    type:
      | 'DocumentShared'
      | 'DocumentUnshared'
      | 'ScreenShareStarted'
      | 'ScreenShareStopped'
      | 'PresentationSceneChanged'
      | 'PresentationStepChanged'
      | 'SessionStarted'
      | 'SessionEnded';
  }
>;

export function evolveStage(state: RoomState, event: StageEvent): RoomState {
  switch (event.type) {
    case 'DocumentShared':
      return {
        ...state,
        sharedDocuments: [...state.sharedDocuments, event.data.document],
        shareCount: state.shareCount + 1,
      };
    case 'DocumentUnshared':
      return {
        ...state,
        sharedDocuments: state.sharedDocuments.filter((document) => document.id !== event.data.documentId),
      };
    case 'ScreenShareStarted':
      return {
        ...state,
        screenShare: { participantId: event.data.participantId, streamId: event.data.streamId },
      };
    case 'ScreenShareStopped':
      return { ...state, screenShare: null };
    case 'PresentationSceneChanged':
      // A step indexes into the current scene, so a new scene starts from its first step.
      return { ...state, presentation: { scene: event.data.scene, step: 0 } };
    case 'PresentationStepChanged':
      return { ...state, presentation: { ...state.presentation, step: event.data.step } };
    case 'SessionStarted': {
      const number = event.data.session ?? sessionNumber(state.session) + 1;
      return { ...state, session: { status: 'started', number, startedAt: event.data.at } };
    }
    case 'SessionEnded': {
      const current = state.session;
      // The event closing a room whose session an animator had ended keeps that end: it only closes it.
      if (current.status === 'ended') {
        return {
          ...state,
          session: { ...current, closed: current.closed || event.data.closedByUserId !== undefined },
        };
      }
      const startedAt = current.status === 'started' ? current.startedAt : null;
      const closed = event.data.closedByUserId !== undefined;
      const session = {
        status: 'ended',
        number: sessionNumber(current),
        startedAt,
        endedAt: event.data.at,
        closed,
      } as const;
      return { ...state, session };
    }
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled session event ${JSON.stringify(unhandled)}`);
    }
  }
}
