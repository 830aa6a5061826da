// Decisions about who is in the room and how they take part: joining and leaving (one viewer however
// many connections), speaking, requests to speak, microphone and camera toggles, disconnect reports.
import { accept, type DecideContext, type Decision, reject } from './decision.ts';
import { entryRefusal } from './lobby.ts';
import type { RoomCommandOf } from './roomCommands.ts';
import type { SessionEvent } from './roomEvents.ts';
import { findViewer, type RoomState } from './roomState.ts';

export function joinRoom(
  state: RoomState,
  command: RoomCommandOf<'JoinRoom'>,
  context: DecideContext,
): Decision {
  const { actor, now } = context;
  const { connectionId } = command.data;
  // The lobby's say first: removed, locked out, or still to be let in (lobby.ts).
  const refusal = entryRefusal(state, actor);
  if (refusal !== null) return reject(refusal);
  const viewer = findViewer(state, actor.participantId);
  if (viewer === undefined) {
    const { participantId, userId, email, name, role } = actor;
    return accept({
      type: 'ParticipantJoined',
      data: { participantId, userId, email, name, role, connectionId, at: now },
    });
  }
  if (viewer.connections.includes(connectionId)) return reject('already_connected');
  return accept({
    type: 'ParticipantReconnected',
    data: { participantId: viewer.id, connectionId, at: now },
  });
}

export function leaveRoom(
  state: RoomState,
  command: RoomCommandOf<'LeaveRoom'>,
  context: DecideContext,
): Decision {
  const { connectionId, reason } = command.data;
  const viewer = findViewer(state, context.actor.participantId);
  if (viewer === undefined) return reject('not_in_room');
  if (!viewer.connections.includes(connectionId)) return reject('unknown_connection');
  const participantId = viewer.id;
  if (viewer.connections.length > 1) {
    return accept({ type: 'ParticipantConnectionClosed', data: { participantId, connectionId, reason } });
  }
  // Their request to speak goes with the viewer; the speaker and the screen share are room-wide, so
  // their end is told explicitly before the departure.
  const events: SessionEvent[] = [];
  if (state.speakerId === participantId)
    events.push({ type: 'SpeakerChanged', data: { participantId: null, at: context.now } });
  if (state.screenShare?.participantId === participantId) {
    events.push({ type: 'ScreenShareStopped', data: { participantId, by: participantId } });
  }
  events.push({ type: 'ParticipantLeft', data: { participantId, reason, connectionId, at: context.now } });
  return accept(...events);
}

/** From audio level detection: only a change of the current speaker is recorded. */
export function setSpeaking(
  state: RoomState,
  command: RoomCommandOf<'SetSpeaking'>,
  context: DecideContext,
): Decision {
  const participantId = context.actor.participantId;
  const isSpeaker = state.speakerId === participantId;
  if (command.data.speaking && !isSpeaker) {
    return accept({ type: 'SpeakerChanged', data: { participantId, at: context.now } });
  }
  if (!command.data.speaking && isSpeaker)
    return accept({ type: 'SpeakerChanged', data: { participantId: null, at: context.now } });
  return accept();
}

export function requestToSpeak(
  state: RoomState,
  command: RoomCommandOf<'RequestToSpeak'>,
  context: DecideContext,
): Decision {
  const viewer = findViewer(state, context.actor.participantId);
  if (viewer === undefined) return reject('not_in_room');
  const { requesting } = command.data;
  if (viewer.requestingSpeak === requesting) return accept();
  return accept({ type: 'SpeakRequestChanged', data: { participantId: viewer.id, requesting } });
}

export function toggleOwnDevice(
  command: RoomCommandOf<'ToggleOwnAudio' | 'ToggleOwnVideo'>,
  context: DecideContext,
): Decision {
  const participantId = context.actor.participantId;
  const data = { participantId, enabled: command.data.enabled, by: participantId, forced: false };
  return accept(
    command.type === 'ToggleOwnAudio' ? { type: 'AudioToggled', data } : { type: 'VideoToggled', data },
  );
}

/** An animator mutes or unmutes someone else; the target's client acts on the forced event. */
export function forceToggleDevice(
  state: RoomState,
  command: RoomCommandOf<'ForceToggleAudio' | 'ForceToggleVideo'>,
  context: DecideContext,
): Decision {
  const target = findViewer(state, command.data.participantId);
  if (target === undefined) return reject('viewer_not_found');
  const data = {
    participantId: target.id,
    enabled: command.data.enabled,
    by: context.actor.participantId,
    forced: true,
  };
  return accept(
    command.type === 'ForceToggleAudio' ? { type: 'AudioToggled', data } : { type: 'VideoToggled', data },
  );
}

/** The spec's opentok-session-disconnected: the client's video session dropped while its socket lives. */
export function reportDisconnection(
  command: RoomCommandOf<'ReportDisconnection'>,
  context: DecideContext,
): Decision {
  const { participantId, name, email, role } = context.actor;
  return accept({
    type: 'DisconnectionReported',
    data: { participantId, name, email, role, reason: command.data.reason, at: context.now },
  });
}
