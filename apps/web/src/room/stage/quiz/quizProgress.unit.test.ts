// The sample quiz: answering once, scoring, going through at one's own pace or following the animator.
import { describe, expect, it } from 'vitest';
import {
  initialQuizProgress,
  isLed,
  type QuizAction,
  quizReducer,
  quizScore,
  quizScreen,
} from './quizProgress.ts';
import { QUIZ_LENGTH, QUIZ_QUESTIONS } from './quizQuestions.ts';

const run = (...actions: QuizAction[]) => actions.reduce(quizReducer, initialQuizProgress());
const unled = { scene: null, step: 0 };

describe('sample quiz', () => {
  it('has several questions, each with its right answer among its options', () => {
    expect(QUIZ_LENGTH).toBeGreaterThanOrEqual(5);
    for (const question of QUIZ_QUESTIONS) {
      expect(question.options.some((option) => option === question.correct)).toBe(true);
    }
    expect(new Set(QUIZ_QUESTIONS.map((question) => question.id)).size).toBe(QUIZ_LENGTH);
  });

  it('goes from the intro through every question to the results at one own pace', () => {
    let progress = run({ type: 'start' });
    expect(quizScreen(unled, progress)).toEqual({ kind: 'question', index: 0 });
    for (let i = 0; i < QUIZ_LENGTH; i += 1) progress = quizReducer(progress, { type: 'next' });

    expect(quizScreen(unled, progress)).toEqual({ kind: 'results' });
    expect(quizScreen(unled, quizReducer(progress, { type: 'previous' }))).toEqual({
      kind: 'question',
      index: QUIZ_LENGTH - 1,
    });
  });

  it('keeps the first answer to a question and scores the right ones', () => {
    const [first, second] = QUIZ_QUESTIONS;
    if (first === undefined || second === undefined) throw new Error('the quiz has questions');
    const wrong = second.options.find((option) => option !== second.correct) ?? 'a';

    const progress = run(
      { type: 'answer', index: 0, option: first.correct },
      { type: 'answer', index: 0, option: first.options.find((option) => option !== first.correct) ?? 'a' },
      { type: 'answer', index: 1, option: wrong },
    );

    expect(progress.answers[0]).toBe(first.correct);
    expect(quizScore(progress.answers)).toBe(1);
  });

  it('ignores answers to questions that do not exist', () => {
    const progress = run(
      { type: 'answer', index: 99, option: 'a' },
      { type: 'answer', index: -1, option: 'b' },
    );

    expect(progress).toEqual(initialQuizProgress());
  });

  it('follows the animator scene and step when one leads, clamping the step to the questions', () => {
    const own = run({ type: 'start' });

    expect(quizScreen({ scene: 'intro', step: 0 }, own)).toEqual({ kind: 'intro' });
    expect(quizScreen({ scene: 'quiz', step: 2 }, own)).toEqual({ kind: 'question', index: 2 });
    expect(quizScreen({ scene: 'quiz', step: 40 }, own)).toEqual({
      kind: 'question',
      index: QUIZ_LENGTH - 1,
    });
    expect(quizScreen({ scene: 'results', step: 0 }, own)).toEqual({ kind: 'results' });
    expect(isLed({ scene: 'quiz', step: 0 })).toBe(true);
    expect(isLed(unled)).toBe(false);
  });

  it('starts over on restart', () => {
    expect(run({ type: 'start' }, { type: 'answer', index: 0, option: 'b' }, { type: 'restart' })).toEqual(
      initialQuizProgress(),
    );
  });
});
