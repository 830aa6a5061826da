import { describe, expect, it } from 'vitest';
import { minuteSplits } from './sessionStats.ts';

describe('the minutes labelled under the chat chart', () => {
  it('labels every minute of a short session, never in between', () => {
    expect(minuteSplits(-0.5, 4.5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('spaces the labels of a long session, six at most', () => {
    const splits = minuteSplits(-0.5, 90.5);
    expect(splits.length).toBeLessThanOrEqual(6);
    expect(splits).toEqual([0, 30, 60, 90]);
  });
});
