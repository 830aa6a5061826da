// The room's decider: given the room's state, a command and its context, the events to append or the
// reason it is refused. Guards shared by every command (session over, presence, role, modules) run
// first, from the one table in commandRules.ts; each capability's own rules live in its module.
import { isBroadcastCommand } from './broadcast.ts';
import {
  broadcastAnnouncement,
  clearBanner,
  recallToRoom,
  setBanner,
  startBreakoutTimer,
} from './broadcastDecisions.ts';
import { COMMAND_RULES } from './commandRules.ts';
import { recordConsents, withdrawConsent } from './consentDecisions.ts';
import {
  removeChatMessage,
  requestNotes,
  saveNotes,
  sendChatMessage,
  submitNotes,
} from './conversationDecisions.ts';
import { type DecideContext, type Decision, reject } from './decision.ts';
import {
  admitEveryone,
  admitParticipant,
  knockToEnter,
  lockRoom,
  removeParticipant,
  unlockRoom,
  withdrawKnock,
} from './lobbyDecisions.ts';
import { answerPoll, closePoll, createPoll, editPoll, startPoll } from './pollDecisions.ts';
import {
  forceToggleDevice,
  joinRoom,
  leaveRoom,
  reportDisconnection,
  requestToSpeak,
  setSpeaking,
  toggleOwnDevice,
} from './presenceDecisions.ts';
import { askQuestion, moderateQuestion, upvoteQuestion, withdrawUpvote } from './questionDecisions.ts';
import type { RoomCommand } from './roomCommands.ts';
import { isAnimator } from './roomRoles.ts';
import { findViewer, type RoomState } from './roomState.ts';
import {
  closeSession,
  endSession,
  setPresentationScene,
  setPresentationStep,
  shareDocuments,
  startScreenShare,
  startSession,
  stopScreenShare,
  unshareDocument,
} from './stageDecisions.ts';

export function decide(state: RoomState, command: RoomCommand, context: DecideContext): Decision {
  return guard(state, command, context) ?? decideAllowed(state, command, context);
}

function guard(state: RoomState, command: RoomCommand, context: DecideContext): Decision | null {
  // The back office closes the room from outside it: no presence, role or module applies.
  if (command.type === 'CloseSession') return null;
  // A guest's consents are logged by the server as they enter or withdraw, in or out of a session.
  if (command.type === 'RecordConsents' || command.type === 'WithdrawConsent') return null;
  if (state.session.status === 'ended' && !allowedBetweenSessions(state, command, context)) {
    return reject('session_ended');
  }
  // The event's staff broadcast to every room from wherever they are: no presence in this one.
  const fromOutside =
    command.type === 'JoinRoom' ||
    isBroadcastCommand(command) ||
    COMMAND_RULES[command.type].fromOutside === true;
  if (!fromOutside && findViewer(state, context.actor.participantId) === undefined) {
    return reject('not_in_room');
  }
  const rule = COMMAND_RULES[command.type];
  if (rule.animatorOnly && !isAnimator(context.actor.role)) return reject('not_animator');
  const { activeModules, labModules } = state.config;
  const missing = [
    ...(rule.roomModules ?? []).filter((module) => !activeModules.includes(module)),
    ...(rule.labModules ?? []).filter((module) => !labModules.includes(module)),
  ];
  if (missing.length > 0) return reject('module_disabled', `Missing: ${[...new Set(missing)].join(', ')}.`);
  return null;
}

/**
 * Between two sessions, leaving stays possible (the sockets still open close cleanly), and an animator
 * may come in and start the next session; guests wait for it outside (in the waiting room). Once the
 * event is closed, no session starts again.
 */
function allowedBetweenSessions(state: RoomState, command: RoomCommand, context: DecideContext): boolean {
  if (command.type === 'LeaveRoom') return true;
  if (!isAnimator(context.actor.role)) return false;
  // Starting again is startSession's to refuse, saying the event is closed.
  if (command.type === 'StartSession') return true;
  const closed = state.session.status === 'ended' && state.session.closed;
  return command.type === 'JoinRoom' && !closed;
}

function decideAllowed(state: RoomState, command: RoomCommand, context: DecideContext): Decision {
  switch (command.type) {
    case 'JoinRoom':
      return joinRoom(state, command, context);
    case 'LeaveRoom':
      return leaveRoom(state, command, context);
    case 'SetSpeaking':
      return setSpeaking(state, command, context);
    case 'RequestToSpeak':
      return requestToSpeak(state, command, context);
    case 'SendChatMessage':
      return sendChatMessage(state, command, context);
    case 'RemoveChatMessage':
      return removeChatMessage(state, command, context);
    case 'SaveNotes':
      return saveNotes(command, context);
    case 'RequestNotes':
      return requestNotes(context);
    case 'SubmitNotes':
      return submitNotes(state, command, context);
    case 'ShareDocuments':
      return shareDocuments(state, command, context);
    case 'UnshareDocument':
      return unshareDocument(state, command, context);
    case 'StartScreenShare':
      return startScreenShare(state, command, context);
    case 'StopScreenShare':
      return stopScreenShare(state, context);
    case 'SetPresentationScene':
      return setPresentationScene(state, command, context);
    case 'SetPresentationStep':
      return setPresentationStep(command, context);
    case 'CreatePoll':
      return createPoll(state, command, context);
    case 'EditPoll':
      return editPoll(state, command, context);
    case 'StartPoll':
      return startPoll(state, command, context);
    case 'AnswerPoll':
      return answerPoll(state, command, context);
    case 'ClosePoll':
      return closePoll(state, command, context);
    case 'AskQuestion':
      return askQuestion(state, command, context);
    case 'UpvoteQuestion':
      return upvoteQuestion(state, command, context);
    case 'WithdrawUpvote':
      return withdrawUpvote(state, command, context);
    case 'ModerateQuestion':
      return moderateQuestion(state, command, context);
    case 'KnockToEnter':
      return knockToEnter(state, context);
    case 'WithdrawKnock':
      return withdrawKnock(state, context);
    case 'AdmitParticipant':
    case 'DenyParticipant':
      return admitParticipant(state, command, context);
    case 'AdmitEveryone':
      return admitEveryone(state, context);
    case 'LockRoom':
      return lockRoom(state, context);
    case 'UnlockRoom':
      return unlockRoom(state, context);
    case 'RemoveParticipant':
      return removeParticipant(state, command, context);
    case 'ToggleOwnAudio':
    case 'ToggleOwnVideo':
      return toggleOwnDevice(command, context);
    case 'ForceToggleAudio':
    case 'ForceToggleVideo':
      return forceToggleDevice(state, command, context);
    case 'StartSession':
      return startSession(state, context);
    case 'EndSession':
      return endSession(state, context);
    case 'CloseSession':
      return closeSession(state, command, context);
    case 'ReportDisconnection':
      return reportDisconnection(command, context);
    case 'BroadcastAnnouncement':
      return broadcastAnnouncement(state, command, context);
    case 'SetBanner':
      return setBanner(state, command, context);
    case 'ClearBanner':
      return clearBanner(state, command, context);
    case 'StartBreakoutTimer':
      return startBreakoutTimer(state, command, context);
    case 'RecallToRoom':
      return recallToRoom(state, command, context);
    case 'RecordConsents':
      return recordConsents(state, command, context);
    case 'WithdrawConsent':
      return withdrawConsent(command, context);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled room command ${JSON.stringify(unhandled)}`);
    }
  }
}
