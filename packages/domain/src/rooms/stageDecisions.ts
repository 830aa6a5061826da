// Decisions about what the room looks at and when it runs: shared documents, the screen share, the
// presentation scene and step, and the session's start and end (the meeting timer).
import { accept, type DecideContext, type Decision, reject } from './decision.ts';
import type { RoomCommandOf } from './roomCommands.ts';
import type { SessionEvent } from './roomEvents.ts';
import { type RoomState, sessionNumber } from './roomState.ts';

/** Documents already shared are skipped, so sharing a selection twice is harmless. */
export function shareDocuments(
  state: RoomState,
  command: RoomCommandOf<'ShareDocuments'>,
  context: DecideContext,
): Decision {
  const seen = new Set(state.sharedDocuments.map((document) => document.id));
  const events: SessionEvent[] = [];
  for (const document of command.data.documents) {
    if (seen.has(document.id)) continue;
    seen.add(document.id);
    events.push({
      type: 'DocumentShared',
      data: { document, by: context.actor.participantId, at: context.now },
    });
  }
  if (events.length === 0) return reject('already_shared');
  return accept(...events);
}

export function unshareDocument(
  state: RoomState,
  command: RoomCommandOf<'UnshareDocument'>,
  context: DecideContext,
): Decision {
  const { documentId } = command.data;
  if (!state.sharedDocuments.some((document) => document.id === documentId))
    return reject('document_not_shared');
  return accept({ type: 'DocumentUnshared', data: { documentId, by: context.actor.participantId } });
}

/** One screen share at a time; an animator sharing again replaces their own stream. */
export function startScreenShare(
  state: RoomState,
  command: RoomCommandOf<'StartScreenShare'>,
  context: DecideContext,
): Decision {
  const participantId = context.actor.participantId;
  const started: SessionEvent = {
    type: 'ScreenShareStarted',
    data: { participantId, streamId: command.data.streamId },
  };
  if (state.screenShare === null) return accept(started);
  if (state.screenShare.participantId !== participantId) return reject('screen_share_in_use');
  return accept({ type: 'ScreenShareStopped', data: { participantId, by: participantId } }, started);
}

export function stopScreenShare(state: RoomState, context: DecideContext): Decision {
  if (state.screenShare === null) return reject('screen_share_not_active');
  return accept(screenShareStopped(state.screenShare.participantId, context));
}

/** Choosing a scene takes the stage back from a screen share (live-room spec, section 4). */
export function setPresentationScene(
  state: RoomState,
  command: RoomCommandOf<'SetPresentationScene'>,
  context: DecideContext,
): Decision {
  const changed: SessionEvent = {
    type: 'PresentationSceneChanged',
    data: { scene: command.data.scene, by: context.actor.participantId },
  };
  if (state.screenShare === null) return accept(changed);
  return accept(screenShareStopped(state.screenShare.participantId, context), changed);
}

export function setPresentationStep(
  command: RoomCommandOf<'SetPresentationStep'>,
  context: DecideContext,
): Decision {
  return accept({
    type: 'PresentationStepChanged',
    data: { step: command.data.step, by: context.actor.participantId },
  });
}

/** The first session of the room, or the next one after an animator ended the last (not its event). */
export function startSession(state: RoomState, context: DecideContext): Decision {
  const { session } = state;
  if (session.status === 'started') return reject('session_already_started');
  if (session.status === 'ended' && session.closed) return reject('event_closed');
  return accept({
    type: 'SessionStarted',
    data: { by: context.actor.participantId, at: context.now, session: sessionNumber(session) + 1 },
  });
}

export function endSession(state: RoomState, context: DecideContext): Decision {
  if (state.session.status === 'not_started') return reject('session_not_started');
  return accept({ type: 'SessionEnded', data: { by: context.actor.participantId, at: context.now } });
}

/**
 * Staff closed the event: the session ends, started or not, so nobody stays in a room of a closed event;
 * a session an animator had ended is closed too, so that none starts again.
 */
export function closeSession(
  state: RoomState,
  command: RoomCommandOf<'CloseSession'>,
  context: DecideContext,
): Decision {
  if (state.session.status === 'ended' && state.session.closed) return reject('session_ended');
  return accept({
    type: 'SessionEnded',
    data: { closedByUserId: command.data.closedByUserId, at: context.now },
  });
}

function screenShareStopped(sharer: number, context: DecideContext): SessionEvent {
  return { type: 'ScreenShareStopped', data: { participantId: sharer, by: context.actor.participantId } };
}
