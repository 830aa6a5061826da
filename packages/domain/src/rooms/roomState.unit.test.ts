import { describe, expect, it } from 'vitest';
import {
  animator,
  fullConfig,
  joined,
  NOW,
  observerAnimator,
  participant,
  stateAfter,
} from '../testing/roomSpecification.ts';
import { pollResults } from './polls.ts';
import type { SessionEvent } from './roomEvents.ts';
import { evolve, evolveAll, findViewer, initialRoomState, type RoomState } from './roomState.ts';

describe('initialRoomState', () => {
  it('starts empty, at version 0, with the room config', () => {
    const state = initialRoomState(fullConfig);
    expect(state).toMatchObject({
      config: fullConfig,
      version: 0,
      session: { status: 'not_started' },
      viewers: [],
      speakerId: null,
      shareCount: 0,
      screenShare: null,
      presentation: { scene: null, step: 0 },
    });
  });
});

describe('evolve', () => {
  it('counts applied events as the stream version, and never mutates the state it is given', () => {
    const before = stateAfter([joined(animator)]);
    const after = evolve(before, joined(participant));
    expect(before.version).toBe(1);
    expect(before.viewers).toHaveLength(1);
    expect(after.version).toBe(2);
    expect(after.viewers).toHaveLength(2);
  });

  it('marks animators and observer-animators as animators in the viewer list', () => {
    const state = stateAfter([joined(animator), joined(participant), joined(observerAnimator)]);
    expect(state.viewers.map((viewer) => [viewer.name, viewer.isAnimator])).toEqual([
      ['Ada', true],
      ['Paul', false],
      ['Oscar', true],
    ]);
  });

  it('merges reconnects into one viewer and keeps them until their last connection closes', () => {
    const state = stateAfter([
      joined(participant, 'a'),
      { type: 'ParticipantReconnected', data: { participantId: 2, connectionId: 'b', at: NOW } },
      { type: 'ParticipantReconnected', data: { participantId: 2, connectionId: 'b', at: NOW } },
      {
        type: 'ParticipantConnectionClosed',
        data: { participantId: 2, connectionId: 'a', reason: 'connection_lost' },
      },
    ]);
    expect(state.viewers).toHaveLength(1);
    expect(state.viewers[0]?.connections).toEqual(['b']);
    const gone = evolve(state, {
      type: 'ParticipantLeft',
      data: { participantId: 2, reason: 'left', connectionId: 'b', at: NOW },
    });
    expect(gone.viewers).toEqual([]);
  });

  it('clears the speaker and their screen share when the speaker leaves, whatever came before', () => {
    const state = stateAfter([
      joined(animator),
      joined(participant),
      { type: 'SpeakerChanged', data: { participantId: 1 } },
      { type: 'ScreenShareStarted', data: { participantId: 1, streamId: 's' } },
      {
        type: 'ParticipantLeft',
        data: { participantId: 1, reason: 'connection_lost', connectionId: 'conn-1', at: NOW },
      },
    ]);
    expect(state.speakerId).toBeNull();
    expect(state.screenShare).toBeNull();
    expect(state.viewers.map((viewer) => viewer.speaking)).toEqual([false]);
  });

  it('keeps the speaker when someone else leaves', () => {
    const state = stateAfter([
      joined(animator),
      joined(participant),
      { type: 'SpeakerChanged', data: { participantId: 1 } },
      {
        type: 'ParticipantLeft',
        data: { participantId: 2, reason: 'left', connectionId: 'conn-2', at: NOW },
      },
    ]);
    expect(state.speakerId).toBe(1);
  });

  it('turns the screen share off when a scene is chosen after it', () => {
    const state = stateAfter([
      joined(animator),
      { type: 'ScreenShareStarted', data: { participantId: 1, streamId: 's' } },
      { type: 'ScreenShareStopped', data: { participantId: 1, by: 1 } },
      { type: 'PresentationSceneChanged', data: { scene: 'demo', by: 1 } },
    ]);
    expect(state.screenShare).toBeNull();
    expect(state.presentation).toEqual({ scene: 'demo', step: 0 });
  });

  it('keeps each notes request with the submissions it received', () => {
    const state = stateAfter([
      joined(animator),
      joined(participant),
      { type: 'NotesRequested', data: { requestId: 'r-1', by: 1, at: NOW } },
      { type: 'NotesRequested', data: { requestId: 'r-2', by: 1, at: NOW } },
      {
        type: 'NotesSubmitted',
        data: { requestId: 'r-2', participantId: 2, name: 'Paul', text: 'mine', at: NOW },
      },
    ]);
    expect(
      state.notesRequests.map((request) => [request.id, request.submissions.map((s) => s.text)]),
    ).toEqual([
      ['r-1', []],
      ['r-2', ['mine']],
    ]);
  });

  it('counts every share, unshares included, for the notification counter', () => {
    const shared = (id: number): SessionEvent => ({
      type: 'DocumentShared',
      data: { document: { id, name: `Doc ${id}`, extension: 'pdf' }, by: 1, at: NOW },
    });
    const state = stateAfter([
      shared(1),
      shared(2),
      { type: 'DocumentUnshared', data: { documentId: 1, by: 1 } },
      shared(1),
    ]);
    expect(state.shareCount).toBe(3);
    expect(state.sharedDocuments.map((document) => document.id)).toEqual([2, 1]);
  });

  it('tallies poll answers per option and remembers who answered', () => {
    const state = stateAfter([
      {
        type: 'PollCreated',
        data: {
          pollId: 'p',
          title: 'T',
          question: 'Q',
          options: ['a', 'b', 'c'],
          allowMultiple: true,
          by: 1,
          at: NOW,
        },
      },
      { type: 'PollStarted', data: { pollId: 'p', by: 1, at: NOW } },
      { type: 'PollAnswered', data: { pollId: 'p', participantId: 2, answers: [0, 2] } },
      { type: 'PollAnswered', data: { pollId: 'p', participantId: 3, answers: [2] } },
      { type: 'PollAnswered', data: { pollId: 'p', participantId: 4, answers: [1, 2] } },
    ]);
    const poll = state.polls[0];
    expect(poll).toMatchObject({ status: 'active', results: [1, 1, 3], answeredBy: [2, 3, 4] });
    if (poll === undefined) throw new Error('no poll');
    expect(pollResults(poll)).toEqual({
      respondents: 3,
      options: [
        { option: 'a', count: 1, percentage: 33.3 },
        { option: 'b', count: 1, percentage: 33.3 },
        { option: 'c', count: 3, percentage: 100 },
      ],
    });
  });

  it('applies device toggles and request-to-speak to the viewer list', () => {
    const state = stateAfter([
      joined(participant),
      { type: 'AudioToggled', data: { participantId: 2, enabled: true, by: 2, forced: false } },
      { type: 'VideoToggled', data: { participantId: 2, enabled: true, by: 1, forced: true } },
      { type: 'SpeakRequestChanged', data: { participantId: 2, requesting: true } },
    ]);
    expect(state.viewers[0]).toMatchObject({ audioEnabled: true, videoEnabled: true, requestingSpeak: true });
  });

  it('records the session timeline, and an end without a start', () => {
    expect(
      stateAfter([
        { type: 'SessionStarted', data: { by: 1, at: NOW } },
        { type: 'SessionEnded', data: { by: 1, at: '2024-05-14T10:30:00.000Z' } },
      ]).session,
    ).toEqual({
      status: 'ended',
      number: 1,
      startedAt: NOW,
      endedAt: '2024-05-14T10:30:00.000Z',
      closed: false,
    });
  });

  it('keeps the room as it is on a disconnection report, only the version moves', () => {
    const before = stateAfter([joined(participant)]);
    const after = evolve(before, {
      type: 'DisconnectionReported',
      data: {
        participantId: 2,
        name: 'Paul',
        email: 'p@example.org',
        role: 'participant',
        reason: 'x',
        at: NOW,
      },
    });
    expect(after).toEqual({ ...before, version: 2 });
  });
});

describe('finding a viewer', () => {
  const join = (participantId: number): SessionEvent => ({
    type: 'ParticipantJoined',
    data: {
      participantId,
      userId: null,
      email: `p${participantId}@example.org`,
      name: `P${participantId}`,
      role: 'participant',
      connectionId: `c${participantId}`,
      at: '2024-05-14T09:30:00.000Z',
    },
  });
  const speaker = (participantId: number | null): SessionEvent => ({
    type: 'SpeakerChanged',
    data: { participantId },
  });
  const ids = (state: RoomState, wanted: number[]) => wanted.map((id) => findViewer(state, id)?.id ?? null);

  it('finds every viewer of every state, also when two states were made from one (a decision redone)', () => {
    const base = evolveAll(initialRoomState(fullConfig), [join(1), join(2)]);
    // The room host decides a batch ahead; when its commit fails it decides again from the stored state.
    const ahead = evolveAll(base, [join(3), speaker(3)]);
    const redone = evolveAll(base, [join(4), speaker(2)]);
    const afterBoth = evolveAll(ahead, [join(4)]);
    expect(ids(base, [1, 2, 3, 4])).toEqual([1, 2, null, null]);
    expect(ids(ahead, [1, 2, 3, 4])).toEqual([1, 2, 3, null]);
    expect(ids(redone, [1, 2, 3, 4])).toEqual([1, 2, null, 4]);
    expect(ids(afterBoth, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(findViewer(redone, 4)?.name).toBe('P4');
  });

  it('finds the viewers left after a departure at their new places', () => {
    const state = evolveAll(initialRoomState(fullConfig), [
      join(1),
      join(2),
      join(3),
      {
        type: 'ParticipantLeft',
        data: { participantId: 1, reason: 'left', connectionId: 'c1', at: '2024-05-14T09:31:00.000Z' },
      },
      join(1),
    ]);
    expect(state.viewers.map((viewer) => viewer.id)).toEqual([2, 3, 1]);
    expect(ids(state, [1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('marks only the current speaker as speaking, copying just the two viewers that change', () => {
    const room = evolveAll(initialRoomState(fullConfig), [join(1), join(2), join(3), speaker(1)]);
    const next = evolve(room, speaker(2));
    expect(next.viewers.map((viewer) => viewer.speaking)).toEqual([false, true, false]);
    expect(next.viewers[2]).toBe(room.viewers[2]);
    const silent = evolve(next, speaker(null));
    expect(silent.viewers.map((viewer) => viewer.speaking)).toEqual([false, false, false]);
    expect(silent.speakerId).toBeNull();
  });
});
