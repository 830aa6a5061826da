import { describe, expect, it } from 'vitest';
import { questionsFor } from './questions.ts';
import type { SessionEvent } from './roomEvents.ts';
import { evolveAll, initialRoomState } from './roomState.ts';
import { eventFor, type Recipient, stateFor } from './visibility.ts';

const at = '2026-11-21T10:00:00.000Z';
const animator: Recipient = { participantId: 1, isAnimator: true };
const alice: Recipient = { participantId: 2, isAnimator: false };
const bob: Recipient = { participantId: 3, isAnimator: false };

const history: SessionEvent[] = [
  {
    type: 'PollCreated',
    data: { pollId: 'p1', title: 'Q', question: 'Q', options: ['a', 'b'], allowMultiple: false, by: 1, at },
  },
  { type: 'PollStarted', data: { pollId: 'p1', by: 1, at } },
  { type: 'PollAnswered', data: { pollId: 'p1', participantId: 2, answers: [1] } },
  { type: 'NotesSaved', data: { participantId: 2, text: 'alice private notes' } },
  { type: 'NotesRequested', data: { requestId: 'r1', by: 1, at } },
  {
    type: 'NotesSubmitted',
    data: { requestId: 'r1', participantId: 2, name: 'Alice', text: 'handed in', at },
  },
];
const config = { roomId: 7, eventId: 1, labId: 1, activeModules: [], labModules: [] };

/** What a recipient's client holds after receiving the events meant for it. */
function foldAs(recipient: Recipient) {
  const received = history.flatMap((event) => eventFor(event, recipient) ?? []);
  return evolveAll(initialRoomState(config), received);
}

describe('visibility', () => {
  it('keeps notes to their author and hands submitted notes to animators only', () => {
    expect(eventFor(history[3] as SessionEvent, bob)).toBeNull();
    expect(eventFor(history[3] as SessionEvent, animator)).toBeNull();
    expect(eventFor(history[3] as SessionEvent, alice)).toEqual(history[3]);
    expect(eventFor(history[5] as SessionEvent, animator)).toEqual(history[5]);
    expect(eventFor(history[5] as SessionEvent, bob)).toBeNull();
  });

  it('shows the animators who voted what, and the others only that someone answered', () => {
    const seenByBob = foldAs(bob).polls[0];
    expect(seenByBob?.answeredBy).toEqual([2]);
    expect(seenByBob?.results).toEqual([0, 0]);
    expect(foldAs(animator).polls[0]?.results).toEqual([0, 1]);
  });

  it('gives a joining client the same state that folding its events gives', () => {
    const full = evolveAll(initialRoomState(config), history);
    // Versions differ by design: a client takes the stream version from the server, not from its fold.
    for (const recipient of [animator, alice, bob]) {
      expect({ ...stateFor(full, recipient), version: 0 }).toEqual({ ...foldAs(recipient), version: 0 });
    }
  });
});

describe('questions', () => {
  const paul = { participantId: 2, name: 'Alice' };
  const text = 'Is it safe in pregnancy?';
  const questions: SessionEvent[] = [
    { type: 'QuestionAsked', data: { questionId: 'anon', asker: paul, anonymous: true, text, at } },
    { type: 'QuestionAsked', data: { questionId: 'waiting', asker: paul, anonymous: false, text, at } },
    { type: 'QuestionAsked', data: { questionId: 'gone', asker: paul, anonymous: false, text, at } },
    {
      type: 'QuestionApproved',
      data: { questionId: 'anon', asker: paul, anonymous: true, text, askedAt: at, by: 1, at },
    },
    {
      type: 'QuestionApproved',
      data: { questionId: 'gone', asker: paul, anonymous: false, text, askedAt: at, by: 1, at },
    },
    { type: 'QuestionHidden', data: { questionId: 'gone', by: 1, at } },
    { type: 'QuestionUpvoted', data: { questionId: 'anon', participantId: 3 } },
  ];
  const full = evolveAll(initialRoomState(config), questions);
  const received = (recipient: Recipient) => questions.flatMap((event) => eventFor(event, recipient) ?? []);
  const shown = (state: ReturnType<typeof initialRoomState>, recipient: Recipient) =>
    questionsFor(state.questions, recipient).map(({ id, asker, status }) => ({ id, asker, status }));

  it("never sends another guest an anonymous asker's name, nor a question awaiting approval", () => {
    const bobs = received(bob);
    expect(bobs[0]).toMatchObject({ type: 'QuestionApproved', data: { questionId: 'anon', asker: null } });
    expect(JSON.stringify(bobs.slice(0, 1))).not.toContain('Alice');
    expect(bobs.map((event) => event.type)).toEqual([
      'QuestionApproved',
      'QuestionApproved',
      'QuestionHidden',
      'QuestionUpvoted',
    ]);
    expect(stateFor(full, bob).questions.map((question) => question.id)).toEqual(['anon']);
    expect(JSON.stringify(stateFor(full, bob).questions)).not.toContain('Alice');
  });

  it('shows the animators everything, the asker their own, and the other guests the approved ones', () => {
    for (const recipient of [animator, alice, bob]) {
      const folded = evolveAll(initialRoomState(config), received(recipient));
      // A client joining later (stateFor) and one that was there (its events folded) show the same list.
      expect(shown(stateFor(full, recipient), recipient)).toEqual(shown(folded, recipient));
    }
    expect(shown(stateFor(full, bob), bob)).toEqual([{ id: 'anon', asker: null, status: 'approved' }]);
    expect(shown(stateFor(full, alice), alice).map((question) => question.id)).toEqual([
      'anon',
      'gone',
      'waiting',
    ]);
    expect(shown(full, animator)).toContainEqual({ id: 'anon', asker: paul, status: 'approved' });
    expect(shown(full, animator)).toHaveLength(3);
  });
});
