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
  ToggleOwnAudio: everyone,
  ToggleOwnVideo: { animatorOnly: false, ...camera },
  ForceToggleAudio: animators,
  ForceToggleVideo: { animatorOnly: true, ...camera },
  StartSession: animators,
  EndSession: animators,
  // Never from a client (see roomCommands.ts); decide lets it through without the presence check.
  CloseSession: everyone,
  ReportDisconnection: everyone,
};

export const ANIMATOR_ONLY_COMMANDS: readonly RoomCommandType[] = ROOM_COMMAND_TYPES.filter(
  (type) => COMMAND_RULES[type].animatorOnly,
);
