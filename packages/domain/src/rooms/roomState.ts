// The state of one live room, folded from its stream of session events. The room host decides against
// it; readers rebuild it from the log (or a snapshot plus the tail) to show a room at any version.
import type { EventRole } from '../auth/access.ts';
import { appendChatMessage, type ChatLog, emptyChatLog, removeChatMessageById } from './chatLog.ts';
import type { Poll } from './polls.ts';
import type { RoomConfig } from './roomConfig.ts';
import type { SessionEvent, SharedDocument } from './roomEvents.ts';
import { isAnimator } from './roomRoles.ts';

export type Viewer = {
  /** The participant id. */
  id: number;
  userId: number | null;
  name: string;
  email: string;
  role: EventRole;
  isAnimator: boolean;
  speaking: boolean;
  requestingSpeak: boolean;
  audioEnabled: boolean;
  videoEnabled: boolean;
  /** Open connections (tabs, devices) of this participant: one viewer however many they are. */
  connections: readonly string[];
};

export type NotesSubmission = { participantId: number; name: string; text: string; at: string };
export type NotesRequest = { id: string; by: number; at: string; submissions: readonly NotesSubmission[] };

export type SessionStatus =
  | { status: 'not_started' }
  | { status: 'started'; startedAt: string }
  | { status: 'ended'; startedAt: string | null; endedAt: string };

export type RoomState = {
  config: RoomConfig;
  /** How many events were applied: the stream version the next append expects. */
  version: number;
  session: SessionStatus;
  /** In order of arrival. */
  viewers: readonly Viewer[];
  speakerId: number | null;
  chat: ChatLog;
  /** Each participant's own notes. */
  notes: readonly { participantId: number; text: string }[];
  notesRequests: readonly NotesRequest[];
  sharedDocuments: readonly SharedDocument[];
  /** Shares since the room opened: the share panel's notification counter counts from it. */
  shareCount: number;
  screenShare: { participantId: number; streamId: string } | null;
  presentation: { scene: string | null; step: number };
  polls: readonly Poll[];
};

export function initialRoomState(config: RoomConfig): RoomState {
  return {
    config,
    version: 0,
    session: { status: 'not_started' },
    viewers: [],
    speakerId: null,
    chat: emptyChatLog,
    notes: [],
    notesRequests: [],
    sharedDocuments: [],
    shareCount: 0,
    screenShare: null,
    presentation: { scene: null, step: 0 },
    polls: [],
  };
}

/**
 * Every command looks its sender up, and a hot room has a thousand viewers, so each list of viewers has
 * an index of positions by id. A list is never changed: a presence event makes a new one, which shares
 * the index of the list it came from when every position stays (a viewer changed in place) or when it
 * only adds at the end (a join) and no other list has grown that index yet. A lookup checks the id found
 * at the position, so an older, shorter list sharing the index never finds a later viewer.
 */
const positionsByList = new WeakMap<readonly Viewer[], Map<number, number>>();

function positionsOf(viewers: readonly Viewer[]): Map<number, number> {
  let positions = positionsByList.get(viewers);
  if (positions === undefined) {
    positions = new Map(viewers.map((viewer, at) => [viewer.id, at]));
    positionsByList.set(viewers, positions);
  }
  return positions;
}

/** The viewer with this id and its position in the list, if the list has them. */
function locate(viewers: readonly Viewer[], participantId: number): [number, Viewer] | undefined {
  const at = positionsOf(viewers).get(participantId);
  const viewer = at === undefined ? undefined : viewers[at];
  return at !== undefined && viewer?.id === participantId ? [at, viewer] : undefined;
}

export function findViewer(state: RoomState, participantId: number): Viewer | undefined {
  return locate(state.viewers, participantId)?.[1];
}

/** The list with `viewer` added at the end. */
function withViewerAdded(viewers: readonly Viewer[], viewer: Viewer): readonly Viewer[] {
  const positions = positionsOf(viewers);
  const next = [...viewers, viewer];
  // Shared only while no other list grew it from this one (its size is still this list's length).
  if (positions.size === viewers.length && !positions.has(viewer.id)) {
    positions.set(viewer.id, viewers.length);
    positionsByList.set(next, positions);
  }
  return next;
}

/** The list with the viewers at `changes`' positions replaced; every position stays. */
function withViewersReplaced(
  viewers: readonly Viewer[],
  changes: ReadonlyMap<number, Viewer>,
): readonly Viewer[] {
  if (changes.size === 0) return viewers;
  const next = viewers.slice();
  for (const [at, viewer] of changes) next[at] = viewer;
  positionsByList.set(next, positionsOf(viewers));
  return next;
}

export function findPoll(state: RoomState, pollId: string): Poll | undefined {
  return state.polls.find((poll) => poll.id === pollId);
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

function updatePoll(state: RoomState, pollId: string, change: (poll: Poll) => Poll): RoomState {
  return { ...state, polls: state.polls.map((poll) => (poll.id === pollId ? change(poll) : poll)) };
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

export function evolve(state: RoomState, event: SessionEvent): RoomState {
  return { ...apply(state, event), version: state.version + 1 };
}

/** Folds events in order, from `state` or from a fresh room. */
export function evolveAll(state: RoomState, events: readonly SessionEvent[]): RoomState {
  return events.reduce(evolve, state);
}

function apply(state: RoomState, event: SessionEvent): RoomState {
  switch (event.type) {
    case 'ParticipantJoined': {
      const { data } = event;
      if (findViewer(state, data.participantId) !== undefined) {
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
    case 'ChatMessageSent': {
      const { messageId, from, text, at } = event.data;
      return { ...state, chat: appendChatMessage(state.chat, { id: messageId, from, text, at }) };
    }
    case 'ChatMessageRemoved':
      return { ...state, chat: removeChatMessageById(state.chat, event.data.messageId) };
    case 'NotesSaved': {
      const { participantId, text } = event.data;
      const others = state.notes.filter((notes) => notes.participantId !== participantId);
      return { ...state, notes: [...others, { participantId, text }] };
    }
    case 'NotesRequested': {
      const { requestId, by, at } = event.data;
      return {
        ...state,
        notesRequests: [...state.notesRequests, { id: requestId, by, at, submissions: [] }],
      };
    }
    case 'NotesSubmitted': {
      const { requestId, participantId, name, text, at } = event.data;
      return {
        ...state,
        notesRequests: state.notesRequests.map((request) =>
          request.id === requestId
            ? {
                ...request,
                // A second submission to the same request replaces the first.
                submissions: [
                  ...request.submissions.filter((submission) => submission.participantId !== participantId),
                  { participantId, name, text, at },
                ],
              }
            : request,
        ),
      };
    }
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
    case 'PollCreated': {
      const { pollId, title, question, options, allowMultiple } = event.data;
      const poll: Poll = {
        id: pollId,
        title,
        question,
        options,
        allowMultiple,
        status: 'draft',
        results: options.map(() => 0),
        answeredBy: [],
      };
      return { ...state, polls: [...state.polls, poll] };
    }
    case 'PollEdited': {
      const { pollId, title, question, options, allowMultiple } = event.data;
      // Only an unanswered poll is edited, so its results start again at zero for the new options.
      return updatePoll(state, pollId, (poll) => ({
        ...poll,
        title,
        question,
        options,
        allowMultiple,
        results: options.map(() => 0),
      }));
    }
    case 'PollStarted':
      return updatePoll(state, event.data.pollId, (poll) => ({ ...poll, status: 'active' }));
    case 'PollAnswered': {
      const { pollId, participantId, answers } = event.data;
      return updatePoll(state, pollId, (poll) => ({
        ...poll,
        results: poll.results.map((count, index) => (answers.includes(index) ? count + 1 : count)),
        answeredBy: [...poll.answeredBy, participantId],
      }));
    }
    case 'PollClosed':
      return updatePoll(state, event.data.pollId, (poll) => ({ ...poll, status: 'closed' }));
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
    case 'SessionStarted':
      return { ...state, session: { status: 'started', startedAt: event.data.at } };
    case 'SessionEnded': {
      const startedAt = state.session.status === 'started' ? state.session.startedAt : null;
      return { ...state, session: { status: 'ended', startedAt, endedAt: event.data.at } };
    }
    case 'DisconnectionReported':
      // A report for the logs and the statistics: the viewer stays until their socket closes.
      return state;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled session event ${JSON.stringify(unhandled)}`);
    }
  }
}

function addConnection(viewer: Viewer, connectionId: string): Viewer {
  if (viewer.connections.includes(connectionId)) return viewer;
  return { ...viewer, connections: [...viewer.connections, connectionId] };
}
