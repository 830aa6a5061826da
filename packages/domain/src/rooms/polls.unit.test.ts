import { describe, expect, it } from 'vitest';
import { checkPollForm, type Poll, parsePollForm, pollFormSchema, pollResults } from './polls.ts';

describe('checkPollForm (spec section 5)', () => {
  it('trims, titles the poll with its question when the title is empty, and allows multiple choice by default', () => {
    expect(checkPollForm({ question: ' Ready? ', options: [' yes', 'no '] })).toEqual({
      ok: true,
      content: { title: 'Ready?', question: 'Ready?', options: ['yes', 'no'], allowMultiple: true },
    });
    expect(
      checkPollForm({ title: 'Quiz', question: 'Ready?', options: ['yes', 'no'], allowMultiple: false }),
    ).toMatchObject({
      ok: true,
      content: { title: 'Quiz', allowMultiple: false },
    });
  });

  it('refuses a blank question, fewer than 2 options and a blank option', () => {
    expect(checkPollForm({ question: '  ', options: ['a', 'b'] })).toMatchObject({ ok: false });
    expect(checkPollForm({ question: 'Q', options: ['a'] })).toEqual({
      ok: false,
      reason: 'A poll needs at least 2 options.',
    });
    expect(checkPollForm({ question: 'Q', options: ['a', '\t'] })).toMatchObject({ ok: false });
  });
});

describe('pollResults', () => {
  const poll: Poll = {
    id: 'p',
    title: 'T',
    question: 'Q',
    options: ['a', 'b'],
    allowMultiple: false,
    status: 'closed',
    results: [2, 1],
    answeredBy: [1, 2, 3],
  };

  it('gives counts and the share of respondents per option', () => {
    expect(pollResults(poll)).toEqual({
      respondents: 3,
      options: [
        { option: 'a', count: 2, percentage: 66.7 },
        { option: 'b', count: 1, percentage: 33.3 },
      ],
    });
  });

  it('gives 0% before anyone answered', () => {
    expect(
      pollResults({ ...poll, results: [0, 0], answeredBy: [] }).options.map((o) => o.percentage),
    ).toEqual([0, 0]);
  });
});

describe('the poll form schema (the room, the back office and the REST bodies share it)', () => {
  const fields = (value: unknown) => {
    const result = pollFormSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it("places the section 5 rules on their field, after the caps and PostgreSQL's text", () => {
    expect(fields({ question: 'Q', options: ['a', 'b'], title: '' })).toEqual([]);
    expect(fields({ question: ' ', options: ['a', 'b'] })).toEqual([
      ['question', 'The question must not be blank.'],
    ]);
    expect(fields({ question: 'Q', options: ['a', ' '] })).toEqual([
      ['options', 'An option must not be blank.'],
    ]);
    // Every field breaking a rule is named, the question first.
    expect(fields({ question: '', options: ['a', ''] })).toEqual([
      ['question', 'The question must not be blank.'],
      ['options', 'An option must not be blank.'],
    ]);
    expect(fields({ question: 'Q', options: Array.from({ length: 11 }, (_, i) => `o${i}`) })).toEqual([
      ['options', 'A poll has at most 10 options.'],
    ]);
    expect(fields({ question: 'Q', options: ['a', 'b'], title: 'a\u0000b' })[0]?.[0]).toBe('title');
  });

  it("is what the room's form checks: the first reason, or the content with its defaults", () => {
    expect(parsePollForm({ question: 'Q', options: ['a', 'o'.repeat(201)] })).toEqual({
      ok: false,
      reason: 'must be at most 200 characters',
    });
    expect(parsePollForm({ title: '', question: ' Q ', options: ['a', 'b'] })).toEqual(
      checkPollForm({ question: 'Q', options: ['a', 'b'] }),
    );
  });
});
