// How presence events change a room: who is in it (one viewer however many connections), who speaks,
// who asks to speak, whose microphone and camera are on. Beside presenceDecisions.ts, which emits them.
import type { SessionEvent } from './roomEvents.ts';
import { isAnimator } from './roomRoles.ts';
import type { RoomState, Viewer } from './roomState.ts';
import { locate, withViewerAdded, withViewersReplaced } from './viewers.ts';

export type PresenceEvent = Extract<
  SessionEvent,
  {
    type:
      | 'ParticipantJoined'
      | 'ParticipantReconnected'
      | 'ParticipantConnectionClosed'
      | 'ParticipantLeft'
      | 'SpeakerChanged'
      | 'SpeakRequestChanged'
      | 'AudioToggled'
      | 'VideoToggled'
      | 'DisconnectionReported';
  }
>;

export function evolvePresence(state: RoomState, event: PresenceEvent): RoomState {
  switch (event.type) {
    case 'ParticipantJoined': {
      const { data } = event;
      if (locate(state.viewers, data.participantId) !== undefined) {
        return updateViewer(state, data.participantId, (viewer) => addConnection(viewer, data.connectionId));
      }
      const viewer: Viewer = {
        id: data.participantId,
        userId: data.userId,
        name: data.name,
        email: data.email,
        role: data.role,
        isAnimator: isAnimator(data.role),
        speaking: false,
        requestingSpeak: false,
        // Publishing starts with microphone and camera off (live-room spec, section 9).
        audioEnabled: false,
        videoEnabled: false,
        connections: [data.connectionId],
      };
      return { ...state, viewers: withViewerAdded(state.viewers, viewer) };
    }
    case 'ParticipantReconnected':
      return updateViewer(state, event.data.participantId, (viewer) =>
        addConnection(viewer, event.data.connectionId),
      );
    case 'ParticipantConnectionClosed':
      return updateViewer(state, event.data.participantId, (viewer) => ({
        ...viewer,
        connections: viewer.connections.filter((connection) => connection !== event.data.connectionId),
      }));
    case 'ParticipantLeft': {
      const leaving = event.data.participantId;
      // decide emits SpeakerChanged and ScreenShareStopped before this event; clearing here as well keeps
      // the state right for any stream, so a departed viewer can never stay speaker or sharer.
      const remaining = { ...state, viewers: state.viewers.filter((viewer) => viewer.id !== leaving) };
      return {
        ...(remaining.speakerId === leaving ? withSpeaker(remaining, null) : remaining),
        screenShare: state.screenShare?.participantId === leaving ? null : state.screenShare,
      };
    }
    case 'SpeakerChanged':
      return withSpeaker(state, event.data.participantId);
    case 'SpeakRequestChanged':
      return updateViewer(state, event.data.participantId, (viewer) => ({
        ...viewer,
        requestingSpeak: event.data.requesting,
      }));
    case 'AudioToggled':
      return updateViewer(state, event.data.participantId, (viewer) => ({
        ...viewer,
        audioEnabled: event.data.enabled,
      }));
    case 'VideoToggled':
      return updateViewer(state, event.data.participantId, (viewer) => ({
        ...viewer,
        videoEnabled: event.data.enabled,
      }));
    case 'DisconnectionReported':
      // A report for the logs and the statistics: the viewer stays until their socket closes.
      return state;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled session event ${JSON.stringify(unhandled)}`);
    }
  }
}

function updateViewer(
  state: RoomState,
  participantId: number,
  change: (viewer: Viewer) => Viewer,
): RoomState {
  const found = locate(state.viewers, participantId);
  if (found === undefined) return state;
  const [at, viewer] = found;
  return { ...state, viewers: withViewersReplaced(state.viewers, new Map([[at, change(viewer)]])) };
}

/** Only the viewers whose speaking flag changes are copied: the speaker changes often in a big room. */
function withSpeaker(state: RoomState, speakerId: number | null): RoomState {
  const changes = new Map<number, Viewer>();
  const flag = (participantId: number | null, speaking: boolean) => {
    const found = participantId === null ? undefined : locate(state.viewers, participantId);
    if (found !== undefined && found[1].speaking !== speaking)
      changes.set(found[0], { ...found[1], speaking });
  };
  flag(state.speakerId, false);
  flag(speakerId, true);
  return { ...state, speakerId, viewers: withViewersReplaced(state.viewers, changes) };
}

function addConnection(viewer: Viewer, connectionId: string): Viewer {
  if (viewer.connections.includes(connectionId)) return viewer;
  return { ...viewer, connections: [...viewer.connections, connectionId] };
}
