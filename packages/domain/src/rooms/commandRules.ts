// Who may send each room command and which modules it needs (live-room spec, sections 1 and 6). One
// table, read by decide's guard and iterated by the server's permission-matrix test.
import type { LabModule } from '../auth/access.ts';
import { ROOM_COMMAND_TYPES, type RoomCommandType } from './roomCommands.ts';
import type { RoomModule } from './roomConfig.ts';

export type CommandRule = {
  animatorOnly: boolean;
  /** Every listed module must be active in the room, and every lab module held by the room's lab. */
  roomModules?: readonly RoomModule[];
  labModules?: readonly LabModule[];
  /** Sent by someone not in the room yet (a guest knocking in the lobby): no presence check. */
  fromOutside?: boolean;
};

const everyone: CommandRule = { animatorOnly: false };
const animators: CommandRule = { animatorOnly: true };
const chat: readonly RoomModule[] = ['chat'];
const notes: readonly RoomModule[] = ['notes'];
// A camera needs the module twice too: the lab allows cameras (issue 28) and this room switched them on.
const camera = { roomModules: ['active_camera'], labModules: ['active_camera'] } as const;
// A poll needs the module twice: the lab bought it and this room switched it on.
const polls = { roomModules: ['polls'], labModules: ['polls'] } as const;
const documents: readonly LabModule[] = ['share_document'];
// Q&A is a room module of its own, on in every room unless switched off.
const questions: readonly RoomModule[] = ['questions'];

export const COMMAND_RULES: Record<RoomCommandType, CommandRule> = {
  JoinRoom: everyone,
  LeaveRoom: everyone,
  SetSpeaking: everyone,
  RequestToSpeak: everyone,
  SendChatMessage: { animatorOnly: false, roomModules: chat },
  RemoveChatMessage: { animatorOnly: true, roomModules: chat },
  SaveNotes: { animatorOnly: false, roomModules: notes },
  RequestNotes: { animatorOnly: true, roomModules: notes },
  SubmitNotes: { animatorOnly: false, roomModules: notes },
  ShareDocuments: { animatorOnly: true, labModules: documents },
  UnshareDocument: { animatorOnly: true, labModules: documents },
  StartScreenShare: animators,
  StopScreenShare: animators,
  SetPresentationScene: animators,
  SetPresentationStep: animators,
  CreatePoll: { animatorOnly: true, ...polls },
  EditPoll: { animatorOnly: true, ...polls },
  StartPoll: { animatorOnly: true, ...polls },
  AnswerPoll: { animatorOnly: false, ...polls },
  ClosePoll: { animatorOnly: true, ...polls },
  AskQuestion: { animatorOnly: false, roomModules: questions },
  UpvoteQuestion: { animatorOnly: false, roomModules: questions },
  WithdrawUpvote: { animatorOnly: false, roomModules: questions },
  ModerateQuestion: { animatorOnly: true, roomModules: questions },
  KnockToEnter: { animatorOnly: false, fromOutside: true },
  WithdrawKnock: { animatorOnly: false, fromOutside: true },
  AdmitParticipant: animators,
  AdmitEveryone: animators,
  DenyParticipant: animators,
  LockRoom: animators,
  UnlockRoom: animators,
  RemoveParticipant: animators,
  ToggleOwnAudio: everyone,
  ToggleOwnVideo: { animatorOnly: false, ...camera },
  ForceToggleAudio: animators,
  ForceToggleVideo: { animatorOnly: true, ...camera },
  StartSession: animators,
  EndSession: animators,
  // Never from a client (see roomCommands.ts); decide lets it through without the presence check.
  CloseSession: everyone,
  // The server's own, like CloseSession: a guest's consents, logged whether or not they are in the room.
  RecordConsents: everyone,
  WithdrawConsent: everyone,
  ReportDisconnection: everyone,
  // From the event's staff to every room (broadcast.ts): an animator of the event or the back office.
  BroadcastAnnouncement: animators,
  SetBanner: animators,
  ClearBanner: animators,
  StartBreakoutTimer: animators,
  RecallToRoom: animators,
};

export const ANIMATOR_ONLY_COMMANDS: readonly RoomCommandType[] = ROOM_COMMAND_TYPES.filter(
  (type) => COMMAND_RULES[type].animatorOnly,
);
