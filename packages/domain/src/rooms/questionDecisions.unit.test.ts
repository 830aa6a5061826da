import { describe, expect, it } from 'vitest';
import {
  animator,
  given,
  joined,
  LATER,
  NOW,
  observer,
  otherParticipant,
  participant,
  stateAfter,
} from '../testing/roomSpecification.ts';
import { QUESTION_LIMITS, questionsFor, sortQuestions } from './questions.ts';
import type { SessionEvent } from './roomEvents.ts';

const room = [joined(animator), joined(participant), joined(observer), joined(otherParticipant)];
const paul = { participantId: participant.participantId, name: participant.name };
const ask = (questionId: string, text = 'Is it safe in pregnancy?', anonymous = false) =>
  ({ type: 'AskQuestion', data: { questionId, text, anonymous } }) as const;
const asked = (questionId: string, anonymous = false, at = NOW): SessionEvent => ({
  type: 'QuestionAsked',
  data: { questionId, asker: paul, anonymous, text: 'Is it safe in pregnancy?', at },
});
const approved = (questionId: string, anonymous = false, askedAt = NOW): SessionEvent => ({
  type: 'QuestionApproved',
  data: { questionId, asker: paul, anonymous, text: 'Is it safe in pregnancy?', askedAt, by: 1, at: NOW },
});
const upvoted = (questionId: string, participantId: number): SessionEvent => ({
  type: 'QuestionUpvoted',
  data: { questionId, participantId },
});
const moderate = (questionId: string, action: 'approve' | 'hide' | 'answer' | 'pin' | 'unpin') =>
  ({ type: 'ModerateQuestion', data: { questionId, action } }) as const;

describe('AskQuestion', () => {
  it('records the trimmed question with its asker, awaiting approval, and shows it to the asker at once', () => {
    const state = given(room)
      .when(ask('q-1', '  Is it safe in pregnancy?  ', true), participant)
      .then([asked('q-1', true)]);
    expect(questionsFor(state.questions, { participantId: 2, isAnimator: false })).toMatchObject([
      { id: 'q-1', status: 'pending', anonymous: true, asker: paul },
    ]);
    expect(questionsFor(state.questions, { participantId: 5, isAnimator: false })).toEqual([]);
  });

  it("approves an animator's own question at once", () => {
    const ada = { participantId: 1, name: 'Ada' };
    given(room)
      .when(ask('q-1', 'Any more?'), animator)
      .then([
        {
          type: 'QuestionAsked',
          data: { questionId: 'q-1', asker: ada, anonymous: false, text: 'Any more?', at: NOW },
        },
        {
          type: 'QuestionApproved',
          data: {
            questionId: 'q-1',
            asker: ada,
            anonymous: false,
            text: 'Any more?',
            askedAt: NOW,
            by: 1,
            at: NOW,
          },
        },
      ]);
  });

  it('refuses a blank question, a reused id, and text over the limit at the boundary', () => {
    given(room).when(ask('q-1', '   '), participant).thenRejects('blank_question');
    given([...room, asked('q-1')])
      .when(ask('q-1'), otherParticipant)
      .thenRejects('duplicate_id');
    expect(() => given(room).when(ask('q-1', 'x'.repeat(QUESTION_LIMITS.text + 1)), participant)).toThrow();
  });

  it(`refuses a person's question beyond ${QUESTION_LIMITS.perPerson}, not someone else's`, () => {
    const many = Array.from({ length: QUESTION_LIMITS.perPerson }, (_, index) => asked(`q-${index}`));
    const rejection = given([...room, ...many])
      .when(ask('q-more'), participant)
      .thenRejects('question_limit');
    expect(rejection.message).toContain(String(QUESTION_LIMITS.perPerson));
    expect(given([...room, ...many]).when(ask('q-more'), otherParticipant).decision.ok).toBe(true);
  });
});

describe('UpvoteQuestion and WithdrawUpvote', () => {
  const open = [...room, asked('q-1'), approved('q-1')];

  it('counts one vote per person, which they can take back', () => {
    const state = given(open)
      .when({ type: 'UpvoteQuestion', data: { questionId: 'q-1' } }, observer)
      .then([upvoted('q-1', 3)]);
    expect(state.questions[0]?.voters).toEqual([3]);
    given([...open, upvoted('q-1', 3)])
      .when({ type: 'UpvoteQuestion', data: { questionId: 'q-1' } }, observer)
      .thenRejects('already_upvoted');
    const withdrawn = given([...open, upvoted('q-1', 3)])
      .when({ type: 'WithdrawUpvote', data: { questionId: 'q-1' } }, observer)
      .then([{ type: 'QuestionUpvoteWithdrawn', data: { questionId: 'q-1', participantId: 3 } }]);
    expect(withdrawn.questions[0]?.voters).toEqual([]);
    given(open)
      .when({ type: 'WithdrawUpvote', data: { questionId: 'q-1' } }, observer)
      .thenRejects('not_upvoted');
  });

  it('refuses a vote on your own question', () => {
    given(open)
      .when({ type: 'UpvoteQuestion', data: { questionId: 'q-1' } }, participant)
      .thenRejects('own_question');
  });

  it("answers as if it did not exist for another guest's question awaiting approval or hidden", () => {
    const vote = { type: 'UpvoteQuestion', data: { questionId: 'q-1' } } as const;
    given([...room, asked('q-1')])
      .when(vote, otherParticipant)
      .thenRejects('question_not_found');
    const hidden: SessionEvent = { type: 'QuestionHidden', data: { questionId: 'q-1', by: 1, at: NOW } };
    given([...open, hidden])
      .when(vote, otherParticipant)
      .thenRejects('question_not_found');
    given([...room, asked('q-1')])
      .when(vote, animator)
      .thenRejects('question_not_approved');
  });
});

describe('ModerateQuestion', () => {
  it('approves a waiting question once, carrying it to the guests who never saw it asked', () => {
    given([...room, asked('q-1', true)])
      .when(moderate('q-1', 'approve'), animator)
      .then([approved('q-1', true)]);
    given([...room, asked('q-1'), approved('q-1')])
      .when(moderate('q-1', 'approve'), animator)
      .thenRejects('question_not_pending');
  });

  it('hides for good, answers and pins approved questions, one pinned at a time', () => {
    const open = [...room, asked('q-1'), approved('q-1'), asked('q-2'), approved('q-2')];
    const pinned = given(open)
      .when(moderate('q-1', 'pin'), animator)
      .then([{ type: 'QuestionPinned', data: { questionId: 'q-1', pinned: true, by: 1, at: NOW } }]);
    expect(pinned.questions.map((question) => question.pinned)).toEqual([true, false]);
    const second: SessionEvent = {
      type: 'QuestionPinned',
      data: { questionId: 'q-2', pinned: true, by: 1, at: NOW },
    };
    const moved = stateAfter([
      ...open,
      second,
      { type: 'QuestionPinned', data: { questionId: 'q-1', pinned: true, by: 1, at: NOW } },
    ]);
    expect(moved.questions.map((question) => question.pinned)).toEqual([true, false]);
    const answered = given([...open, second])
      .when(moderate('q-2', 'answer'), animator)
      .then([{ type: 'QuestionAnswered', data: { questionId: 'q-2', by: 1, at: NOW } }]);
    expect(answered.questions[1]).toMatchObject({ answered: true, pinned: false });
    const hidden = given(open)
      .when(moderate('q-1', 'hide'), animator)
      .then([{ type: 'QuestionHidden', data: { questionId: 'q-1', by: 1, at: NOW } }]);
    expect(hidden.questions[0]?.status).toBe('hidden');
    const afterHide = [
      ...open,
      { type: 'QuestionHidden', data: { questionId: 'q-1', by: 1, at: NOW } } as const,
    ];
    given(afterHide).when(moderate('q-1', 'approve'), animator).thenRejects('question_not_pending');
    given(afterHide).when(moderate('q-1', 'pin'), animator).thenRejects('question_not_approved');
    given([...room, asked('q-3')])
      .when(moderate('q-3', 'answer'), animator)
      .thenRejects('question_not_approved');
  });

  it('is for animators only, and needs the Q&A module', () => {
    given([...room, asked('q-1')])
      .when(moderate('q-1', 'approve'), otherParticipant)
      .thenRejects('not_animator');
    given([...room, asked('q-1')], {
      roomId: 7,
      eventId: 3,
      labId: 1,
      activeModules: ['chat'],
      labModules: [],
    })
      .when(ask('q-2'), participant)
      .thenRejects('module_disabled');
  });
});

describe('the order of the list', () => {
  it('puts the pinned question first, then the most upvoted, then the oldest', () => {
    const state = stateAfter([
      ...room,
      asked('old', false, NOW),
      approved('old', false, NOW),
      asked('new', false, LATER),
      approved('new', false, LATER),
      asked('popular', false, LATER),
      approved('popular', false, LATER),
      upvoted('popular', 3),
      upvoted('popular', 5),
      upvoted('new', 3),
      asked('pinned', false, LATER),
      approved('pinned', false, LATER),
      { type: 'QuestionPinned', data: { questionId: 'pinned', pinned: true, by: 1, at: LATER } },
    ]);
    expect(sortQuestions(state.questions).map((question) => question.id)).toEqual([
      'pinned',
      'popular',
      'new',
      'old',
    ]);
  });
});
