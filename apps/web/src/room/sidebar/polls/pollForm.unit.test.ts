// The poll form's edits within the domain's limits, a saved poll back in the form, and a participant's
// choice of options.
import { MIN_POLL_OPTIONS, ROOM_COMMAND_LIMITS } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { chooseOption, EMPTY_POLL_FORM, editPollForm, type PollFormValues, pollFormOf } from './pollForm.ts';

describe('editing the poll form', () => {
  it('adds options up to the room limit and never removes below two', () => {
    let form: PollFormValues = EMPTY_POLL_FORM;
    form = editPollForm(form, { type: 'form.removeOption', index: 0 });
    expect(form.options).toHaveLength(MIN_POLL_OPTIONS);
    for (let added = 0; added < 12; added += 1) form = editPollForm(form, { type: 'form.addOption' });
    expect(form.options).toHaveLength(ROOM_COMMAND_LIMITS.pollOptions);
    form = editPollForm(form, { type: 'form.option', index: 9, value: 'Last' });
    form = editPollForm(form, { type: 'form.removeOption', index: 0 });
    expect(form.options).toHaveLength(ROOM_COMMAND_LIMITS.pollOptions - 1);
    expect(form.options.at(-1)).toBe('Last');
  });

  it('changes one field at a time and leaves the starting form alone', () => {
    const form = editPollForm(EMPTY_POLL_FORM, { type: 'form.multiple', value: false });
    expect(form).toEqual({ title: '', question: '', options: ['', ''], allowMultiple: false });
    expect(EMPTY_POLL_FORM.allowMultiple).toBe(true);
    expect(editPollForm(form, { type: 'form.title', value: 'Dose' }).title).toBe('Dose');
  });
});

describe('a saved poll back in the form', () => {
  const saved = { title: 'Dose', question: 'Which dose?', options: ['5 mg', '10 mg'], allowMultiple: false };

  it('fills every field with the poll as saved', () => {
    expect(pollFormOf(saved)).toEqual(saved);
  });

  it('leaves the title empty when it was the default, so it keeps following the question', () => {
    const defaulted = { ...saved, title: 'Which dose?' };
    expect(pollFormOf(defaulted).title).toBe('');
  });

  it('hands the form its own options, which its edits never write through to the poll', () => {
    const form = editPollForm(pollFormOf(saved), { type: 'form.option', index: 0, value: '2 mg' });
    expect(form.options).toEqual(['2 mg', '10 mg']);
    expect(saved.options).toEqual(['5 mg', '10 mg']);
  });
});

describe("a participant's choice", () => {
  const single = { allowMultiple: false, optionCount: 3 };
  const multiple = { allowMultiple: true, optionCount: 3 };

  it('keeps one option for a single-choice poll', () => {
    expect(chooseOption([0], { index: 2, checked: true }, single)).toEqual([2]);
    expect(chooseOption([2], { index: 2, checked: false }, single)).toEqual([]);
  });

  it('keeps several options in order for a multiple-choice poll', () => {
    expect(chooseOption([2], { index: 0, checked: true }, multiple)).toEqual([0, 2]);
    expect(chooseOption([0, 2], { index: 0, checked: false }, multiple)).toEqual([2]);
    expect(chooseOption([0], { index: 0, checked: true }, multiple)).toEqual([0]);
  });

  it('ignores an option the poll does not have', () => {
    expect(chooseOption([1], { index: 3, checked: true }, multiple)).toEqual([1]);
    expect(chooseOption([1], { index: -1, checked: true }, single)).toEqual([1]);
  });
});
