import { describe, expect, it } from 'vitest';
import {
  animator,
  given,
  joined,
  NOW,
  observer,
  otherParticipant,
  participant,
} from '../testing/roomSpecification.ts';
import type { SessionEvent } from './roomEvents.ts';

const room = [joined(animator), joined(participant), joined(observer), joined(otherParticipant)];
const created = (allowMultiple = true): SessionEvent => ({
  type: 'PollCreated',
  data: {
    pollId: 'p-1',
    title: 'Dosage',
    question: 'Which dose?',
    options: ['5 mg', '10 mg', '20 mg'],
    allowMultiple,
    by: 1,
    at: NOW,
  },
});
const started: SessionEvent = { type: 'PollStarted', data: { pollId: 'p-1', by: 1, at: NOW } };
const answered = (participantId: number, answers: number[]): SessionEvent => ({
  type: 'PollAnswered',
  data: { pollId: 'p-1', participantId, answers },
});

describe('CreatePoll', () => {
  it('creates an inactive poll from the trimmed form, multiple choice by default', () => {
    const state = given(room)
      .when(
        {
          type: 'CreatePoll',
          data: {
            pollId: 'p-1',
            title: ' Dosage ',
            question: ' Which dose? ',
            options: ['5 mg', ' 10 mg', '20 mg'],
          },
        },
        animator,
      )
      .then([created()]);
    expect(state.polls).toEqual([
      {
        id: 'p-1',
        title: 'Dosage',
        question: 'Which dose?',
        options: ['5 mg', '10 mg', '20 mg'],
        allowMultiple: true,
        status: 'draft',
        results: [0, 0, 0],
        answeredBy: [],
      },
    ]);
  });

  it('titles the poll with its question when the title is empty', () => {
    given(room)
      .when(
        {
          type: 'CreatePoll',
          data: {
            pollId: 'p-2',
            title: '  ',
            question: 'Ready?',
            options: ['Yes', 'No'],
            allowMultiple: false,
          },
        },
        animator,
      )
      .then([
        {
          type: 'PollCreated',
          data: {
            pollId: 'p-2',
            title: 'Ready?',
            question: 'Ready?',
            options: ['Yes', 'No'],
            allowMultiple: false,
            by: 1,
            at: NOW,
          },
        },
      ]);
  });

  it('refuses an invalid form with the reason (spec section 5)', () => {
    const form = { pollId: 'p-2', question: 'Ready?', options: ['Yes', 'No'] };
    const blankQuestion = given(room)
      .when({ type: 'CreatePoll', data: { ...form, question: ' ' } }, animator)
      .thenRejects('poll_invalid');
    expect(blankQuestion.message).toContain('question');
    const oneOption = given(room)
      .when({ type: 'CreatePoll', data: { ...form, options: ['Yes'] } }, animator)
      .thenRejects('poll_invalid');
    expect(oneOption.message).toContain('at least 2 options');
    const blankOption = given(room)
      .when({ type: 'CreatePoll', data: { ...form, options: ['Yes', ' '] } }, animator)
      .thenRejects('poll_invalid');
    expect(blankOption.message).toContain('option must not be blank');
  });

  it('keeps poll ids unique', () => {
    given([...room, created()])
      .when(
        { type: 'CreatePoll', data: { pollId: 'p-1', question: 'Again?', options: ['a', 'b'] } },
        animator,
      )
      .thenRejects('duplicate_id');
  });
});

describe('EditPoll', () => {
  const edit = {
    pollId: 'p-1',
    question: 'Which daily dose?',
    options: ['5 mg', '10 mg'],
    allowMultiple: false,
  };

  it('rewrites a saved poll', () => {
    const state = given([...room, created()])
      .when({ type: 'EditPoll', data: edit }, animator)
      .then([{ type: 'PollEdited', data: { ...edit, title: 'Which daily dose?', by: 1 } }]);
    expect(state.polls[0]).toMatchObject({ question: 'Which daily dose?', results: [0, 0], status: 'draft' });
  });

  it('refuses a poll once started: active, closed after votes, closed without any', () => {
    const closed: SessionEvent = { type: 'PollClosed', data: { pollId: 'p-1', by: 1, at: NOW } };
    for (const history of [
      [created(), started],
      [created(), started, answered(2, [0]), closed],
      [created(), started, closed],
    ]) {
      const refusal = given([...room, ...history])
        .when({ type: 'EditPoll', data: edit }, animator)
        .thenRejects('poll_not_editable');
      expect(refusal.message).toBe('Only a saved poll that was never started can be edited.');
    }
  });

  it('refuses an unknown poll and an invalid form', () => {
    given(room).when({ type: 'EditPoll', data: edit }, animator).thenRejects('poll_not_found');
    given([...room, created()])
      .when({ type: 'EditPoll', data: { ...edit, options: ['only one'] } }, animator)
      .thenRejects('poll_invalid');
  });
});

describe('StartPoll', () => {
  it('makes a saved poll active', () => {
    const state = given([...room, created()])
      .when({ type: 'StartPoll', data: { pollId: 'p-1' } }, animator)
      .then([started]);
    expect(state.polls[0]?.status).toBe('active');
  });

  it('refuses an unknown poll and an active one', () => {
    given(room)
      .when({ type: 'StartPoll', data: { pollId: 'p-1' } }, animator)
      .thenRejects('poll_not_found');
    given([...room, created(), started])
      .when({ type: 'StartPoll', data: { pollId: 'p-1' } }, animator)
      .thenRejects('poll_already_active');
  });
});

describe('AnswerPoll', () => {
  const active = [...room, created(), started];

  it('counts the votes of each participant once', () => {
    const state = given([...active, answered(3, [0, 2])])
      .when({ type: 'AnswerPoll', data: { pollId: 'p-1', answers: [2, 1] } }, participant)
      .then([answered(2, [2, 1])]);
    expect(state.polls[0]).toMatchObject({ results: [1, 1, 2], answeredBy: [3, 2] });
  });

  it('lets an animator vote too', () => {
    given(active)
      .when({ type: 'AnswerPoll', data: { pollId: 'p-1', answers: [0] } }, animator)
      .then([answered(1, [0])]);
  });

  it('refuses a second answer from the same participant', () => {
    given([...active, answered(2, [0])])
      .when({ type: 'AnswerPoll', data: { pollId: 'p-1', answers: [1] } }, participant)
      .thenRejects('poll_already_answered');
  });

  it('refuses a poll that is not active: saved or closed', () => {
    given([...room, created()])
      .when({ type: 'AnswerPoll', data: { pollId: 'p-1', answers: [0] } }, participant)
      .thenRejects('poll_not_active');
    given([...active, { type: 'PollClosed', data: { pollId: 'p-1', by: 1, at: NOW } }])
      .when({ type: 'AnswerPoll', data: { pollId: 'p-1', answers: [0] } }, participant)
      .thenRejects('poll_not_active');
  });

  it('refuses an unknown poll', () => {
    given(room)
      .when({ type: 'AnswerPoll', data: { pollId: 'p-9', answers: [0] } }, participant)
      .thenRejects('poll_not_found');
  });

  it('needs at least one option, each existing and chosen once', () => {
    const answer = (answers: number[]) =>
      given(active).when({ type: 'AnswerPoll', data: { pollId: 'p-1', answers } }, participant);
    answer([]).thenRejects('empty_answer');
    answer([3]).thenRejects('answer_out_of_range');
    answer([1, 1]).thenRejects('duplicate_answer');
  });

  it('takes exactly one option on a single-choice poll', () => {
    const single = [...room, created(false), started];
    given(single)
      .when({ type: 'AnswerPoll', data: { pollId: 'p-1', answers: [0, 1] } }, participant)
      .thenRejects('single_choice_only');
    given(single)
      .when({ type: 'AnswerPoll', data: { pollId: 'p-1', answers: [1] } }, participant)
      .then([answered(2, [1])]);
  });
});

describe('ClosePoll', () => {
  it('closes an active poll, keeping its results', () => {
    const state = given([...room, created(), started, answered(2, [1])])
      .when({ type: 'ClosePoll', data: { pollId: 'p-1' } }, animator)
      .then([{ type: 'PollClosed', data: { pollId: 'p-1', by: 1, at: NOW } }]);
    expect(state.polls[0]).toMatchObject({ status: 'closed', results: [0, 1, 0] });
  });

  it('refuses an unknown poll and one that is not active', () => {
    given(room)
      .when({ type: 'ClosePoll', data: { pollId: 'p-1' } }, animator)
      .thenRejects('poll_not_found');
    given([...room, created()])
      .when({ type: 'ClosePoll', data: { pollId: 'p-1' } }, animator)
      .thenRejects('poll_not_active');
  });

  it('lets a closed poll be started again, without a second vote from those who answered', () => {
    const reopened = [
      ...room,
      created(),
      started,
      answered(2, [1]),
      { type: 'PollClosed', data: { pollId: 'p-1', by: 1, at: NOW } } satisfies SessionEvent,
    ];
    given(reopened)
      .when({ type: 'StartPoll', data: { pollId: 'p-1' } }, animator)
      .then([started]);
    given([...reopened, started])
      .when({ type: 'AnswerPoll', data: { pollId: 'p-1', answers: [0] } }, participant)
      .thenRejects('poll_already_answered');
  });
});
