// The commands a live room accepts, in the imperative. Every field is validated and capped here, at the
// socket's boundary; the rules that need the room's state (roles, modules, polls) live in decide.
import { z } from 'zod';
import { CONSENT_KINDS, CONSENT_SOURCES } from '../consents/consents.ts';
import { text } from '../shared/text.ts';
import { BROADCAST_COMMANDS } from './broadcast.ts';
import { POLL_FORM_LIMITS, pollFormFields } from './polls.ts';
import { QUESTION_ACTIONS, QUESTION_LIMITS } from './questions.ts';

/** Ids chosen by the client (chat messages, polls) or the media server (connections, streams). */
const clientId = text().min(1).max(100);
const participantId = z.number().int().positive();

export const ROOM_COMMAND_LIMITS = {
  chatText: 2000,
  notesText: 20_000,
  pollTitle: POLL_FORM_LIMITS.title,
  pollQuestion: POLL_FORM_LIMITS.question,
  pollOptions: POLL_FORM_LIMITS.options,
  pollOption: POLL_FORM_LIMITS.option,
  documentsPerShare: 50,
  documentName: 255,
  documentExtension: 20,
  scene: 100,
  presentationStep: 10_000,
  reason: 200,
  questionText: QUESTION_LIMITS.text,
} as const;

/** Why a connection goes, as the server tells it; any other reason is kept as free text. */
export const DISCONNECT_REASONS = ['left', 'connection_lost', 'kicked', 'server_shutdown'] as const;

const reason = text().trim().min(1).max(ROOM_COMMAND_LIMITS.reason);

/** The poll form's fields (polls.ts); blank question or options are refused in decide (poll_invalid). */
const pollForm = { pollId: clientId, ...pollFormFields };

export const shareableDocumentSchema = z.strictObject({
  id: z.number().int().positive(),
  name: text().trim().min(1).max(ROOM_COMMAND_LIMITS.documentName),
  extension: text().trim().max(ROOM_COMMAND_LIMITS.documentExtension),
});
export type ShareableDocument = z.infer<typeof shareableDocumentSchema>;

function command<const T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.strictObject({ type: z.literal(type), data });
}

const CLIENT_COMMANDS = [
  command('JoinRoom', z.strictObject({ connectionId: clientId })),
  command('LeaveRoom', z.strictObject({ connectionId: clientId, reason })),
  command('SetSpeaking', z.strictObject({ speaking: z.boolean() })),
  command('RequestToSpeak', z.strictObject({ requesting: z.boolean() })),
  command(
    'SendChatMessage',
    z.strictObject({ messageId: clientId, text: text().max(ROOM_COMMAND_LIMITS.chatText) }),
  ),
  command('RemoveChatMessage', z.strictObject({ messageId: clientId })),
  command('SaveNotes', z.strictObject({ text: text().max(ROOM_COMMAND_LIMITS.notesText) })),
  command('RequestNotes', z.strictObject({})),
  command(
    'SubmitNotes',
    z.strictObject({ requestId: clientId, text: text().max(ROOM_COMMAND_LIMITS.notesText) }),
  ),
  command(
    'ShareDocuments',
    z.strictObject({
      documents: z.array(shareableDocumentSchema).min(1).max(ROOM_COMMAND_LIMITS.documentsPerShare),
    }),
  ),
  command('UnshareDocument', z.strictObject({ documentId: z.number().int().positive() })),
  command('StartScreenShare', z.strictObject({ streamId: clientId })),
  command('StopScreenShare', z.strictObject({})),
  command(
    'SetPresentationScene',
    z.strictObject({ scene: text().trim().min(1).max(ROOM_COMMAND_LIMITS.scene) }),
  ),
  command(
    'SetPresentationStep',
    z.strictObject({ step: z.number().int().nonnegative().max(ROOM_COMMAND_LIMITS.presentationStep) }),
  ),
  command('CreatePoll', z.strictObject(pollForm)),
  command('EditPoll', z.strictObject(pollForm)),
  command('StartPoll', z.strictObject({ pollId: clientId })),
  command(
    'AnswerPoll',
    z.strictObject({
      pollId: clientId,
      answers: z.array(z.number().int().nonnegative()).max(ROOM_COMMAND_LIMITS.pollOptions),
    }),
  ),
  command('ClosePoll', z.strictObject({ pollId: clientId })),
  // Q&A (questions.ts): blank text is refused in decide (blank_question), like a chat message.
  command(
    'AskQuestion',
    z.strictObject({
      questionId: clientId,
      text: text().max(ROOM_COMMAND_LIMITS.questionText),
      anonymous: z.boolean(),
    }),
  ),
  command('UpvoteQuestion', z.strictObject({ questionId: clientId })),
  command('WithdrawUpvote', z.strictObject({ questionId: clientId })),
  command('ModerateQuestion', z.strictObject({ questionId: clientId, action: z.enum(QUESTION_ACTIONS) })),
  // The lobby (lobby.ts): a guest knocks or gives up from outside the room; hosts let in, lock, remove.
  command('KnockToEnter', z.strictObject({})),
  command('WithdrawKnock', z.strictObject({})),
  command('AdmitParticipant', z.strictObject({ participantId })),
  command('AdmitEveryone', z.strictObject({})),
  command('DenyParticipant', z.strictObject({ participantId })),
  command('LockRoom', z.strictObject({})),
  command('UnlockRoom', z.strictObject({})),
  command('RemoveParticipant', z.strictObject({ participantId })),
  command('ToggleOwnAudio', z.strictObject({ enabled: z.boolean() })),
  command('ToggleOwnVideo', z.strictObject({ enabled: z.boolean() })),
  command('ForceToggleAudio', z.strictObject({ participantId, enabled: z.boolean() })),
  command('ForceToggleVideo', z.strictObject({ participantId, enabled: z.boolean() })),
  command('StartSession', z.strictObject({})),
  command('EndSession', z.strictObject({})),
  command('ReportDisconnection', z.strictObject({ reason })),
] as const;

/** What a participant's client may send (the socket and the REST calls that run commands). */
export const clientRoomCommandSchema = z.discriminatedUnion('type', [...CLIENT_COMMANDS]);

/**
 * Every command a room accepts: the clients' ones, and the server's own. `CloseSession` is sent by the
 * back office when staff close the room's event: it ends the session for everyone in the room, from
 * someone who is not in it (the staff member's user id is recorded, not a participation).
 */
export const roomCommandSchema = z.discriminatedUnion('type', [
  ...CLIENT_COMMANDS,
  command('CloseSession', z.strictObject({ closedByUserId: z.number().int().positive() })),
  // Sent to every room of an event by its staff (broadcast.ts).
  ...BROADCAST_COMMANDS,
  // A guest's consents, recorded outside the room, brought into its log (consentDecisions.ts).
  command(
    'RecordConsents',
    z.strictObject({
      consents: z
        .array(
          z.strictObject({
            consentId: z.number().int().positive(),
            kind: z.enum(CONSENT_KINDS),
            version: z.number().int().positive(),
            source: z.enum(CONSENT_SOURCES),
            givenAt: z.iso.datetime({ offset: true }),
          }),
        )
        .max(CONSENT_KINDS.length),
    }),
  ),
  command(
    'WithdrawConsent',
    z.strictObject({
      consentId: z.number().int().positive(),
      kind: z.enum(CONSENT_KINDS),
      version: z.number().int().positive(),
      withdrawnAt: z.iso.datetime({ offset: true }),
    }),
  ),
]);

export type RoomCommand = z.infer<typeof roomCommandSchema>;
/** What a client sends before parsing (trimmed strings and defaults are applied by the parse). */
export type RoomCommandInput = z.input<typeof roomCommandSchema>;
export type RoomCommandType = RoomCommand['type'];
export type ClientRoomCommand = z.infer<typeof clientRoomCommandSchema>;
export type ClientRoomCommandInput = z.input<typeof clientRoomCommandSchema>;
export type RoomCommandOf<T extends RoomCommandType> = Extract<RoomCommand, { type: T }>;

export const ROOM_COMMAND_TYPES: readonly RoomCommandType[] = roomCommandSchema.options.map(
  (option) => option.shape.type.value,
);

/** The commands a client may send; the others are the server's own. */
export const CLIENT_ROOM_COMMAND_TYPES: readonly RoomCommandType[] = clientRoomCommandSchema.options.map(
  (option) => option.shape.type.value,
);
