// The animator's poll form as values and the edits made to it, and a participant's choice of options:
// pure, so the poll machine only decides when they apply. Limits come from the domain: at least two
// options (the form never goes below), at most the room's maximum.
import { MIN_POLL_OPTIONS, type Poll, ROOM_COMMAND_LIMITS } from '@lablive/domain';

export type PollFormValues = { title: string; question: string; options: string[]; allowMultiple: boolean };

/** Two empty options to start with; the multiple-choice checkbox is on by default (section 5). */
export const EMPTY_POLL_FORM: PollFormValues = {
  title: '',
  question: '',
  options: ['', ''],
  allowMultiple: true,
};

/** What the form shows of a poll of the room. */
export type SavedPollContent = Pick<Poll, 'title' | 'question' | 'options' | 'allowMultiple'>;

/**
 * A saved poll back in the form, to edit it. A title equal to the question is the default the form
 * filled in, so it comes back empty: it keeps following the question if the animator rewrites it.
 */
export function pollFormOf(poll: SavedPollContent): PollFormValues {
  return {
    title: poll.title === poll.question ? '' : poll.title,
    question: poll.question,
    options: [...poll.options],
    allowMultiple: poll.allowMultiple,
  };
}

export type PollFormEdit =
  | { type: 'form.title'; value: string }
  | { type: 'form.question'; value: string }
  | { type: 'form.option'; index: number; value: string }
  | { type: 'form.addOption' }
  | { type: 'form.removeOption'; index: number }
  | { type: 'form.multiple'; value: boolean };

export const POLL_FORM_EDITS = [
  'form.title',
  'form.question',
  'form.option',
  'form.addOption',
  'form.removeOption',
  'form.multiple',
] as const satisfies readonly PollFormEdit['type'][];

export function editPollForm(form: PollFormValues, edit: PollFormEdit): PollFormValues {
  switch (edit.type) {
    case 'form.title':
      return { ...form, title: edit.value };
    case 'form.question':
      return { ...form, question: edit.value };
    case 'form.option':
      return {
        ...form,
        options: form.options.map((option, at) => (at === edit.index ? edit.value : option)),
      };
    case 'form.addOption':
      if (form.options.length >= ROOM_COMMAND_LIMITS.pollOptions) return form;
      return { ...form, options: [...form.options, ''] };
    case 'form.removeOption':
      if (form.options.length <= MIN_POLL_OPTIONS) return form;
      return { ...form, options: form.options.filter((_, at) => at !== edit.index) };
    case 'form.multiple':
      return { ...form, allowMultiple: edit.value };
    default: {
      const unknown: never = edit;
      throw new Error(`Unknown poll form edit ${JSON.stringify(unknown)}`);
    }
  }
}

/** The chosen option indexes after ticking or unticking one: one at most for a single-choice poll. */
export function chooseOption(
  choices: readonly number[],
  choice: { index: number; checked: boolean },
  poll: { allowMultiple: boolean; optionCount: number },
): number[] {
  if (!Number.isInteger(choice.index) || choice.index < 0 || choice.index >= poll.optionCount)
    return [...choices];
  if (!poll.allowMultiple) return choice.checked ? [choice.index] : [];
  const others = choices.filter((index) => index !== choice.index);
  return choice.checked ? [...others, choice.index].sort((a, b) => a - b) : others;
}
