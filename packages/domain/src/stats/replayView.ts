// Replay of a room (issue 18 part 5): what the admin's timeline shows of the room at an instant, taken
// from the room's own state (folded by the room decider's `evolve`, so replay and live cannot disagree),
// and the markers of the timeline. Personal notes are private: a replay never carries them.

import { z } from 'zod';
import type { RoomBroadcast } from '../rooms/broadcast.ts';
import { chatMessages } from '../rooms/chatLog.ts';
import { pollResults } from '../rooms/polls.ts';
import type { SessionEvent } from '../rooms/roomEvents.ts';
import { findPoll, findViewer, type RoomState } from '../rooms/roomState.ts';
import { questionSummaries, questionSummarySchema } from './questionStats.ts';

export const REPLAY_MARKER_KINDS = [
  'session_started',
  'session_ended',
  'joined',
  'left',
  'poll_started',
  'poll_closed',
  'document_shared',
  'screen_share_started',
  'screen_share_stopped',
  'scene',
] as const;
export type ReplayMarkerKind = (typeof REPLAY_MARKER_KINDS)[number];

export type ReplayMarker = { kind: ReplayMarkerKind; label: string };

/** The marker an event puts on the timeline, named from the room as it was just before it; or none. */
export function replayMarkerOf(event: SessionEvent, before: RoomState): ReplayMarker | null {
  const nameOf = (participantId: number) => findViewer(before, participantId)?.name ?? `#${participantId}`;
  switch (event.type) {
    case 'SessionStarted':
      return { kind: 'session_started', label: '' };
    case 'SessionEnded':
      return { kind: 'session_ended', label: '' };
    case 'ParticipantJoined':
      return { kind: 'joined', label: event.data.name };
    case 'ParticipantLeft':
      return { kind: 'left', label: nameOf(event.data.participantId) };
    case 'PollStarted':
      return { kind: 'poll_started', label: findPoll(before, event.data.pollId)?.title ?? event.data.pollId };
    case 'PollClosed':
      return { kind: 'poll_closed', label: findPoll(before, event.data.pollId)?.title ?? event.data.pollId };
    case 'DocumentShared':
      return { kind: 'document_shared', label: event.data.document.name };
    case 'ScreenShareStarted':
      return { kind: 'screen_share_started', label: nameOf(event.data.participantId) };
    case 'ScreenShareStopped':
      return { kind: 'screen_share_stopped', label: nameOf(event.data.participantId) };
    case 'PresentationSceneChanged':
      return { kind: 'scene', label: event.data.scene };
    default:
      return null;
  }
}

/** How many of the latest chat messages a replayed instant shows (the count says how many there were). */
export const REPLAY_CHAT_MESSAGES = 200;

const chatMessageSchema = z.object({
  id: z.string(),
  from: z.object({ participantId: z.number(), name: z.string() }),
  text: z.string(),
  at: z.string(),
});

export const replayViewSchema = z.object({
  session: z.object({
    status: z.enum(['not_started', 'started', 'ended']),
    number: z.number().int(),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
  }),
  viewers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      role: z.string(),
      speaking: z.boolean(),
      requestingSpeak: z.boolean(),
    }),
  ),
  chat: z.object({ messages: z.array(chatMessageSchema), total: z.number().int() }),
  polls: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      question: z.string(),
      status: z.enum(['draft', 'active', 'closed']),
      respondents: z.number().int(),
      options: z.array(z.object({ option: z.string(), count: z.number().int(), percentage: z.number() })),
    }),
  ),
  sharedDocuments: z.array(z.object({ id: z.number(), name: z.string(), extension: z.string() })),
  screenShare: z.object({ participantId: z.number(), name: z.string() }).nullable(),
  presentation: z.object({ scene: z.string().nullable(), step: z.number().int() }),
  /** The Q&A as the animators' panel showed it (every question, who asked, its state and votes). */
  questions: z.array(questionSummarySchema),
  /** What the event's staff broadcast to every room (issue 33, part 4): the banner (the replay hides it
   * past `expiresAt`), the latest announcements, and the breakouts' timer or recall. */
  broadcast: z.object({
    banner: z.object({ text: z.string(), expiresAt: z.string().nullable(), at: z.string() }).nullable(),
    announcements: z.array(z.object({ id: z.string(), text: z.string(), at: z.string() })),
    breakout: z
      .object({
        endsAt: z.string().nullable(),
        targetRoomName: z.string(),
        recalledAt: z.string().nullable(),
      })
      .nullable(),
  }),
});
export type ReplayView = z.infer<typeof replayViewSchema>;

/**
 * The room at an instant as the replay shows it: its latest REPLAY_CHAT_MESSAGES messages, and the count
 * of all of them (`chatTotal`: a replay snapshot keeps only the latest messages of a long chat, and
 * counts the others).
 */
export function replayView(state: RoomState, chatTotal: number = state.chat.total): ReplayView {
  const { session } = state;
  const messages = chatMessages(state.chat).slice(-REPLAY_CHAT_MESSAGES);
  const sharer = state.screenShare;
  return {
    session: {
      status: session.status,
      number: session.status === 'not_started' ? 0 : session.number,
      startedAt: session.status === 'not_started' ? null : session.startedAt,
      endedAt: session.status === 'ended' ? session.endedAt : null,
    },
    viewers: state.viewers.map(({ id, name, role, speaking, requestingSpeak }) => ({
      id,
      name,
      role,
      speaking,
      requestingSpeak,
    })),
    chat: { messages, total: chatTotal },
    polls: state.polls.map((poll) => {
      const results = pollResults(poll);
      return {
        id: poll.id,
        title: poll.title,
        question: poll.question,
        status: poll.status,
        respondents: results.respondents,
        options: results.options,
      };
    }),
    sharedDocuments: state.sharedDocuments.map(({ id, name, extension }) => ({ id, name, extension })),
    screenShare:
      sharer === null
        ? null
        : { participantId: sharer.participantId, name: findViewer(state, sharer.participantId)?.name ?? '' },
    presentation: state.presentation,
    questions: questionSummaries(state.questions),
    broadcast: replayedBroadcast(state.broadcast),
  };
}

function replayedBroadcast({ banner, announcements, breakout }: RoomBroadcast): ReplayView['broadcast'] {
  return {
    banner: banner === null ? null : { text: banner.text, expiresAt: banner.expiresAt, at: banner.at },
    announcements: announcements.slice(-REPLAY_CHAT_MESSAGES).map(({ id, text, at }) => ({ id, text, at })),
    breakout:
      breakout === null
        ? null
        : {
            endsAt: breakout.endsAt,
            targetRoomName: breakout.targetRoomName,
            recalledAt: breakout.recalledAt,
          },
  };
}

/** GET rooms/{id}/replay: the timeline of a room's stream. */
export const replayTimelineSchema = z.object({
  room_id: z.number().int(),
  event_id: z.number().int(),
  event_name: z.string(),
  time_zone: z.string(),
  /** Instants of the stream's first and last events; null for a room nothing happened in. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  last_version: z.number().int(),
  markers: z.array(
    z.object({
      version: z.number().int(),
      at: z.string(),
      kind: z.enum(REPLAY_MARKER_KINDS),
      label: z.string(),
    }),
  ),
  markers_truncated: z.boolean(),
});
export type ReplayTimeline = z.infer<typeof replayTimelineSchema>;

export const replayStateQuerySchema = z.object({ at: z.iso.datetime({ offset: true }) });

export const replayStateSchema = z.object({
  at: z.string(),
  /** The stream version the state was folded up to (0: before the first event). */
  version: z.number().int(),
  view: replayViewSchema,
});
export type ReplayState = z.infer<typeof replayStateSchema>;
