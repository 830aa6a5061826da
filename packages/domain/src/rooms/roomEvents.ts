// The session events of a room's stream: what happened in a live room, in the past tense. Each data
// shape is a zod schema so the server validates what it reads back from the log before folding it.
import { z } from 'zod';
import { EVENT_ROLES } from '../auth/access.ts';
import { CONSENT_KINDS, CONSENT_SOURCES } from '../consents/consents.ts';
import { BROADCAST_EVENTS } from './broadcast.ts';
import { PRESENCE_EVENT_TYPES, participantJoinedSchema, participantLeftSchema } from './presence.ts';

const participantId = z.number().int();
const at = z.iso.datetime({ offset: true });

export const sharedDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.string(),
});
export type SharedDocument = z.infer<typeof sharedDocumentSchema>;

const pollContent = {
  pollId: z.string(),
  title: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  allowMultiple: z.boolean(),
};

const questionAsker = z.object({ participantId, name: z.string() });

const toggled = z.object({ participantId, enabled: z.boolean(), by: participantId, forced: z.boolean() });

function event<const T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({ type: z.literal(type), data });
}

export const sessionEventSchema = z.discriminatedUnion('type', [
  // Presence. The sign-in code reads participantId of the last of these two to tell who is online, so
  // they extend the shapes it knows (presence.ts) instead of redefining them.
  event(
    PRESENCE_EVENT_TYPES.joined,
    participantJoinedSchema.extend({
      userId: z.number().int().nullable(),
      role: z.enum(EVENT_ROLES),
      connectionId: z.string(),
      at,
    }),
  ),
  event('ParticipantReconnected', z.object({ participantId, connectionId: z.string(), at })),
  event(
    'ParticipantConnectionClosed',
    z.object({ participantId, connectionId: z.string(), reason: z.string() }),
  ),
  event(PRESENCE_EVENT_TYPES.left, participantLeftSchema.extend({ connectionId: z.string(), at })),
  // Speaking
  // `at` (absent from the first ones logged) times the talk in the statistics with the deciding clock.
  event('SpeakerChanged', z.object({ participantId: participantId.nullable(), at: at.optional() })),
  event('SpeakRequestChanged', z.object({ participantId, requesting: z.boolean() })),
  // Chat
  event(
    'ChatMessageSent',
    z.object({
      messageId: z.string(),
      from: z.object({ participantId, name: z.string() }),
      text: z.string(),
      at,
    }),
  ),
  event('ChatMessageRemoved', z.object({ messageId: z.string(), by: participantId })),
  // Notes
  event('NotesSaved', z.object({ participantId, text: z.string() })),
  event('NotesRequested', z.object({ requestId: z.string(), by: participantId, at })),
  event(
    'NotesSubmitted',
    z.object({ requestId: z.string(), participantId, name: z.string(), text: z.string(), at }),
  ),
  // Documents
  event('DocumentShared', z.object({ document: sharedDocumentSchema, by: participantId, at })),
  event('DocumentUnshared', z.object({ documentId: z.number().int(), by: participantId })),
  // Stage
  event('ScreenShareStarted', z.object({ participantId, streamId: z.string() })),
  event('ScreenShareStopped', z.object({ participantId, by: participantId })),
  event('PresentationSceneChanged', z.object({ scene: z.string(), by: participantId })),
  event('PresentationStepChanged', z.object({ step: z.number().int().nonnegative(), by: participantId })),
  // Polls
  event('PollCreated', z.object({ ...pollContent, by: participantId, at })),
  event('PollEdited', z.object({ ...pollContent, by: participantId })),
  event('PollStarted', z.object({ pollId: z.string(), by: participantId, at })),
  event(
    'PollAnswered',
    z.object({ pollId: z.string(), participantId, answers: z.array(z.number().int().nonnegative()) }),
  ),
  event('PollClosed', z.object({ pollId: z.string(), by: participantId, at })),
  // Q&A (questions.ts). QuestionApproved carries the question again: the guests who see it from then on
  // never received QuestionAsked (visibility.ts); `asker` is null only in a guest's copy of an anonymous one.
  event(
    'QuestionAsked',
    z.object({ questionId: z.string(), asker: questionAsker, anonymous: z.boolean(), text: z.string(), at }),
  ),
  event(
    'QuestionApproved',
    z.object({
      questionId: z.string(),
      asker: questionAsker.nullable(),
      anonymous: z.boolean(),
      text: z.string(),
      askedAt: at,
      by: participantId,
      at,
    }),
  ),
  event('QuestionHidden', z.object({ questionId: z.string(), by: participantId, at })),
  event('QuestionAnswered', z.object({ questionId: z.string(), by: participantId, at })),
  event('QuestionPinned', z.object({ questionId: z.string(), pinned: z.boolean(), by: participantId, at })),
  event('QuestionUpvoted', z.object({ questionId: z.string(), participantId })),
  event('QuestionUpvoteWithdrawn', z.object({ questionId: z.string(), participantId })),
  // Consents (consentDecisions.ts): given outside the room, logged when the guest enters; withdrawn.
  event(
    'ConsentGiven',
    z.object({
      participantId,
      consentId: z.number().int(),
      kind: z.enum(CONSENT_KINDS),
      version: z.number().int(),
      source: z.enum(CONSENT_SOURCES),
      at,
    }),
  ),
  event(
    'ConsentWithdrawn',
    z.object({
      participantId,
      consentId: z.number().int(),
      kind: z.enum(CONSENT_KINDS),
      version: z.number().int(),
      at,
    }),
  ),
  // Lobby (lobby.ts): a guest knocks and is admitted, denied or gives up; hosts lock and remove.
  event('ParticipantKnocked', z.object({ participantId, role: z.enum(EVENT_ROLES), at })),
  event('KnockWithdrawn', z.object({ participantId, at })),
  event('ParticipantAdmitted', z.object({ participantId, by: participantId, at })),
  event('ParticipantDenied', z.object({ participantId, by: participantId, at })),
  event('RoomLocked', z.object({ by: participantId, at })),
  event('RoomUnlocked', z.object({ by: participantId, at })),
  event('ParticipantRemoved', z.object({ participantId, by: participantId, at })),
  // Devices
  event('AudioToggled', toggled),
  event('VideoToggled', toggled),
  // Session
  // `session` numbers the room's sessions (absent from the first ones logged: counted when folded).
  event(
    'SessionStarted',
    z.object({ by: participantId, at, session: z.number().int().positive().optional() }),
  ),
  // Ended by an animator in the room (`by`), or by staff closing the event (`closedByUserId`).
  event(
    'SessionEnded',
    z.object({ by: participantId.optional(), closedByUserId: z.number().int().positive().optional(), at }),
  ),
  // What the event's staff broadcast to every room (broadcast.ts)
  ...BROADCAST_EVENTS,
  event(
    'DisconnectionReported',
    z.object({
      participantId,
      name: z.string(),
      email: z.string(),
      role: z.enum(EVENT_ROLES),
      reason: z.string(),
      at,
    }),
  ),
]);

export type SessionEvent = z.infer<typeof sessionEventSchema>;
export type SessionEventType = SessionEvent['type'];
export type SessionEventOf<T extends SessionEventType> = Extract<SessionEvent, { type: T }>;

export const SESSION_EVENT_TYPES: readonly SessionEventType[] = sessionEventSchema.options.map(
  (option) => option.shape.type.value,
);
