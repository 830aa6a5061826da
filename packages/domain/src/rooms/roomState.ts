// The state of one live room, folded from its stream of session events. The room host decides against
// it; readers rebuild it from the log (or a snapshot plus the tail) to show a room at any version.
import type { EventRole } from '../auth/access.ts';
import { emptyRoomBroadcast, type RoomBroadcast } from './broadcast.ts';
import { evolveBroadcast } from './broadcastEvolution.ts';
import { type ChatLog, emptyChatLog } from './chatLog.ts';
import { evolveConsents, type LoggedConsent } from './consentEvolution.ts';
import { evolveConversation } from './conversationEvolution.ts';
import { emptyLobby, type LobbyState } from './lobby.ts';
import { evolveLobby, noteInLobby } from './lobbyEvolution.ts';
import { evolvePolls } from './pollEvolution.ts';
import type { Poll } from './polls.ts';
import { evolvePresence } from './presenceEvolution.ts';
import { evolveQuestions } from './questionEvolution.ts';
import type { Question } from './questions.ts';
import type { RoomConfig } from './roomConfig.ts';
import type { SessionEvent, SharedDocument } from './roomEvents.ts';
import { evolveStage } from './stageEvolution.ts';
import { locate } from './viewers.ts';

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

/**
 * Where the room's sessions are. A room holds one session after another: an animator starts it, ends it,
 * and may start the next (numbered 1, 2, … in the same stream). Closing the event ends the last one for
 * good (`closed`): no session starts again.
 */
export type SessionStatus =
  | { status: 'not_started' }
  | { status: 'started'; number: number; startedAt: string }
  | { status: 'ended'; number: number; startedAt: string | null; endedAt: string; closed: boolean };

/** The number of the room's current (or last) session; 0 before the first. */
export function sessionNumber(session: SessionStatus): number {
  return session.status === 'not_started' ? 0 : (session.number ?? 1);
}

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
  /** Who waits, was let in or removed this session, and whether the room is locked (lobby.ts). */
  lobby: LobbyState;
  /** What the event's staff sent every room: announcements, the banner, the breakout (broadcast.ts). */
  broadcast: RoomBroadcast;
  /** The Q&A's questions in the order asked (questions.ts sorts them for the panel). */
  questions: readonly Question[];
  /** The consent versions each participant gave, as logged in this room (issue 33). */
  consents: readonly LoggedConsent[];
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
    lobby: emptyLobby,
    broadcast: emptyRoomBroadcast,
    questions: [],
    consents: [],
  };
}

export function findViewer(state: RoomState, participantId: number): Viewer | undefined {
  return locate(state.viewers, participantId)?.[1];
}

export function findPoll(state: RoomState, pollId: string): Poll | undefined {
  return state.polls.find((poll) => poll.id === pollId);
}

export function evolve(state: RoomState, event: SessionEvent): RoomState {
  return { ...noteInLobby(apply(state, event), event), version: state.version + 1 };
}

/** Folds events in order, from `state` or from a fresh room. */
export function evolveAll(state: RoomState, events: readonly SessionEvent[]): RoomState {
  return events.reduce(evolve, state);
}

/** Each capability folds its own events (`*Evolution.ts`, beside its `*Decisions.ts`). */
function apply(state: RoomState, event: SessionEvent): RoomState {
  switch (event.type) {
    case 'ParticipantJoined':
    case 'ParticipantReconnected':
    case 'ParticipantConnectionClosed':
    case 'ParticipantLeft':
    case 'SpeakerChanged':
    case 'SpeakRequestChanged':
    case 'AudioToggled':
    case 'VideoToggled':
    case 'DisconnectionReported':
      return evolvePresence(state, event);
    case 'ChatMessageSent':
    case 'ChatMessageRemoved':
    case 'NotesSaved':
    case 'NotesRequested':
    case 'NotesSubmitted':
      return evolveConversation(state, event);
    case 'DocumentShared':
    case 'DocumentUnshared':
    case 'ScreenShareStarted':
    case 'ScreenShareStopped':
    case 'PresentationSceneChanged':
    case 'PresentationStepChanged':
    case 'SessionStarted':
    case 'SessionEnded':
      return evolveStage(state, event);
    case 'PollCreated':
    case 'PollEdited':
    case 'PollStarted':
    case 'PollAnswered':
    case 'PollClosed':
      return evolvePolls(state, event);
    case 'ParticipantKnocked':
    case 'KnockWithdrawn':
    case 'ParticipantAdmitted':
    case 'ParticipantDenied':
    case 'RoomLocked':
    case 'RoomUnlocked':
    case 'ParticipantRemoved':
      return evolveLobby(state, event);
    case 'QuestionAsked':
    case 'QuestionApproved':
    case 'QuestionHidden':
    case 'QuestionAnswered':
    case 'QuestionPinned':
    case 'QuestionUpvoted':
    case 'QuestionUpvoteWithdrawn':
      return evolveQuestions(state, event);
    case 'ConsentGiven':
    case 'ConsentWithdrawn':
      return evolveConsents(state, event);
    case 'AnnouncementBroadcast':
    case 'BannerSet':
    case 'BannerCleared':
    case 'BreakoutTimerStarted':
    case 'RecalledToRoom':
      return evolveBroadcast(state, event);
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled session event ${JSON.stringify(unhandled)}`);
    }
  }
}
