// What the replay shows of a room, and the markers events put on its timeline.
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../rooms/roomEvents.ts';
import { evolveAll, initialRoomState } from '../rooms/roomState.ts';
import { REPLAY_CHAT_MESSAGES, replayMarkerOf, replayView } from './replayView.ts';

const AT = '2026-11-20T10:00:00.000Z';
const config = { roomId: 1, eventId: 1, labId: 1, activeModules: [], labModules: [] };
const join = (participantId: number, name: string): SessionEvent => ({
  type: 'ParticipantJoined',
  data: {
    participantId,
    userId: null,
    email: `${name}@x.org`,
    name,
    role: 'participant',
    connectionId: `c${participantId}`,
    at: AT,
  },
});
const chat = (n: number): SessionEvent => ({
  type: 'ChatMessageSent',
  data: { messageId: `m${n}`, from: { participantId: 1, name: 'Ana' }, text: `message ${n}`, at: AT },
});

describe('replayView', () => {
  it('shows who is in the room, the stage, the shared documents and the polls with their counts', () => {
    const state = evolveAll(initialRoomState(config), [
      join(1, 'Ana'),
      join(2, 'Bob'),
      { type: 'SessionStarted', data: { by: 1, at: AT, session: 1 } },
      { type: 'SpeakerChanged', data: { participantId: 2 } },
      { type: 'ScreenShareStarted', data: { participantId: 1, streamId: 's' } },
      { type: 'PresentationSceneChanged', data: { scene: 'intro', by: 1 } },
      {
        type: 'DocumentShared',
        data: { document: { id: 4, name: 'Leaflet', extension: 'pdf' }, by: 1, at: AT },
      },
      {
        type: 'PollCreated',
        data: {
          pollId: 'p',
          title: 'Dose',
          question: 'Which?',
          options: ['5', '10'],
          allowMultiple: false,
          by: 1,
          at: AT,
        },
      },
      { type: 'PollStarted', data: { pollId: 'p', by: 1, at: AT } },
      { type: 'PollAnswered', data: { pollId: 'p', participantId: 2, answers: [1] } },
      { type: 'NotesSaved', data: { participantId: 2, text: 'my private notes' } },
    ]);
    const view = replayView(state);
    expect(view.session).toEqual({ status: 'started', number: 1, startedAt: AT, endedAt: null });
    expect(view.viewers.map(({ name, speaking }) => [name, speaking])).toEqual([
      ['Ana', false],
      ['Bob', true],
    ]);
    expect(view.screenShare).toEqual({ participantId: 1, name: 'Ana' });
    expect(view.presentation).toEqual({ scene: 'intro', step: 0 });
    expect(view.sharedDocuments).toEqual([{ id: 4, name: 'Leaflet', extension: 'pdf' }]);
    expect(view.polls).toEqual([
      {
        id: 'p',
        title: 'Dose',
        question: 'Which?',
        status: 'active',
        respondents: 1,
        options: [
          { option: '5', count: 0, percentage: 0 },
          { option: '10', count: 1, percentage: 100 },
        ],
      },
    ]);
    // Personal notes are private: nothing of them in a replay.
    expect(JSON.stringify(view)).not.toContain('my private notes');
  });

  it('shows the latest messages of a long chat and counts them all', () => {
    const state = evolveAll(
      initialRoomState(config),
      Array.from({ length: REPLAY_CHAT_MESSAGES + 50 }, (_, n) => chat(n)),
    );
    const view = replayView(state);
    expect(view.chat.total).toBe(REPLAY_CHAT_MESSAGES + 50);
    expect(view.chat.messages).toHaveLength(REPLAY_CHAT_MESSAGES);
    expect(view.chat.messages[0]?.id).toBe('m50');
    expect(replayView(state, 1000).chat.total).toBe(1000);
  });
});

describe('replayMarkerOf', () => {
  it('marks joins, departures, polls, shares, scenes and the session, named from the room before', () => {
    const before = evolveAll(initialRoomState(config), [
      join(1, 'Ana'),
      {
        type: 'PollCreated',
        data: {
          pollId: 'p',
          title: 'Dose',
          question: 'Q',
          options: ['a', 'b'],
          allowMultiple: false,
          by: 1,
          at: AT,
        },
      },
    ]);
    expect(replayMarkerOf(join(2, 'Bob'), before)).toEqual({ kind: 'joined', label: 'Bob' });
    expect(
      replayMarkerOf(
        { type: 'ParticipantLeft', data: { participantId: 1, reason: 'left', connectionId: 'c1', at: AT } },
        before,
      ),
    ).toEqual({ kind: 'left', label: 'Ana' });
    expect(replayMarkerOf({ type: 'PollStarted', data: { pollId: 'p', by: 1, at: AT } }, before)).toEqual({
      kind: 'poll_started',
      label: 'Dose',
    });
    expect(
      replayMarkerOf({ type: 'PresentationSceneChanged', data: { scene: 'intro', by: 1 } }, before),
    ).toEqual({ kind: 'scene', label: 'intro' });
    expect(replayMarkerOf({ type: 'SessionEnded', data: { by: 1, at: AT } }, before)).toEqual({
      kind: 'session_ended',
      label: '',
    });
    expect(replayMarkerOf(chat(1), before)).toBeNull();
  });
});

describe('the replay of the Q&A', () => {
  it('shows every question as the animators saw it: who asked, anonymous or not, its votes and state', () => {
    const asker = { participantId: 2, name: 'Bob' };
    const state = evolveAll(initialRoomState(config), [
      join(1, 'Ana'),
      join(2, 'Bob'),
      { type: 'QuestionAsked', data: { questionId: 'q1', asker, anonymous: true, text: 'Why?', at: AT } },
      { type: 'QuestionAsked', data: { questionId: 'q2', asker, anonymous: false, text: 'When?', at: AT } },
      {
        type: 'QuestionApproved',
        data: { questionId: 'q1', asker, anonymous: true, text: 'Why?', askedAt: AT, by: 1, at: AT },
      },
      { type: 'QuestionUpvoted', data: { questionId: 'q1', participantId: 1 } },
      { type: 'QuestionAnswered', data: { questionId: 'q1', by: 1, at: AT } },
    ]);
    expect(replayView(state).questions).toEqual([
      {
        id: 'q1',
        asked_at: AT,
        text: 'Why?',
        asker: 'Bob',
        anonymous: true,
        votes: 1,
        status: 'approved',
        answered: true,
        pinned: false,
      },
      {
        id: 'q2',
        asked_at: AT,
        text: 'When?',
        asker: 'Bob',
        anonymous: false,
        votes: 0,
        status: 'pending',
        answered: false,
        pinned: false,
      },
    ]);
  });
});
