// The back office's poll form checked as react-hook-form checks it (zodResolver on the shared poll form
// schema): the option rows go out as the poll form's strings, each refusal lands where the form shows
// it with a translation key, and the list's inline title edit is refused for what the server refuses.
import { zodResolver } from '@hookform/resolvers/zod';
import type { PollView } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import {
  NEW_POLL_VALUES,
  type PollFormValues,
  pollFormReason,
  pollFormValuesOf,
  pollFormValuesSchema,
  titleProblem,
} from './pollFormValues.ts';

const resolve = (values: PollFormValues) =>
  zodResolver(pollFormValuesSchema)(values, undefined, {
    fields: {},
    names: ['title', 'question', ...values.options.map((_, index) => `options.${index}.value` as const)],
    shouldUseNativeValidation: false,
  });

const rows = (...options: string[]) => options.map((value) => ({ value }));

const poll: PollView = {
  id: 7,
  title: 'Habits',
  question: 'Which formulation?',
  options: ['Tablets', 'Syrup'],
  answers: [0, 0],
  allowMultiple: false,
  active: false,
  event_id: null,
  room_id: null,
  created_at: '2026-11-24T09:00:00.000Z',
};

describe('the poll form of the back office', () => {
  it('sends the options as the poll form’s strings, as written (the server trims them)', async () => {
    const result = await resolve({ ...NEW_POLL_VALUES, question: ' Ready? ', options: rows('Yes', ' No ') });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      title: '',
      question: ' Ready? ',
      options: ['Yes', ' No '],
      allowMultiple: true,
    });
  });

  it('puts each rule’s refusal where the form shows it, with its translation', async () => {
    const blankQuestion = await resolve({ ...NEW_POLL_VALUES, options: rows('Yes', 'No') });
    expect(pollFormReason(blankQuestion.errors.question?.message ?? '')).toBe('questionBlank');

    const blankOption = await resolve({ ...NEW_POLL_VALUES, question: 'Ready?', options: rows('Yes', ' ') });
    // The rule is on the options as a whole: react-hook-form files it as the field array's root.
    expect(pollFormReason(blankOption.errors.options?.root?.message ?? '')).toBe('optionBlank');

    const eleven = Array.from({ length: 11 }, (_, index) => `Option ${index}`);
    const tooMany = await resolve({ ...NEW_POLL_VALUES, question: 'Ready?', options: rows(...eleven) });
    expect(pollFormReason(tooMany.errors.options?.root?.message ?? '')).toBe('tooManyOptions');

    const one = await resolve({ ...NEW_POLL_VALUES, question: 'Ready?', options: rows('Yes') });
    expect(pollFormReason(one.errors.options?.root?.message ?? '')).toBe('tooFewOptions');
  });

  it('opens a saved poll as it is stored', () => {
    expect(pollFormValuesOf(poll)).toEqual({
      title: 'Habits',
      question: 'Which formulation?',
      options: rows('Tablets', 'Syrup'),
      allowMultiple: false,
    });
  });

  it('refuses an inline title the server would refuse, and takes an empty one (the question then)', () => {
    expect(titleProblem(poll, 'Preferences')).toBeNull();
    expect(titleProblem(poll, '')).toBeNull();
    expect(titleProblem(poll, 't'.repeat(501))).toBe('must be at most 500 characters');
    expect(titleProblem(poll, 'a\u0000b')).not.toBeNull();
  });
});
