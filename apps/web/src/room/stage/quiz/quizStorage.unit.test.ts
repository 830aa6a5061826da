// The quiz answers kept across a reload, and what is done with damaged or outdated ones.
import { describe, expect, it } from 'vitest';
import { initialQuizProgress, quizReducer } from './quizProgress.ts';
import { readQuizProgress, writeQuizProgress } from './quizStorage.ts';

describe('quiz storage', () => {
  it('gives back the answers and place written before', () => {
    const progress = [
      { type: 'start' } as const,
      { type: 'answer', index: 0, option: 'b' } as const,
      { type: 'next' } as const,
    ].reduce(quizReducer, initialQuizProgress());

    expect(readQuizProgress(writeQuizProgress(progress))).toEqual(progress);
  });

  it('starts afresh without a stored quiz, or with one that does not fit', () => {
    expect(readQuizProgress(null)).toEqual(initialQuizProgress());
    expect(readQuizProgress('{not json')).toEqual(initialQuizProgress());
    expect(readQuizProgress(JSON.stringify({ answers: ['b'], screen: { kind: 'intro' } }))).toEqual(
      initialQuizProgress(),
    );
    expect(
      readQuizProgress(JSON.stringify({ ...initialQuizProgress(), screen: { kind: 'question', index: 99 } })),
    ).toEqual(initialQuizProgress());
  });
});
