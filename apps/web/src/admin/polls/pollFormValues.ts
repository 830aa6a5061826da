// The back office's poll form as react-hook-form holds it, and its check. useFieldArray keeps its rows as
// objects, so each answer option is `{ value }` here; the check turns the rows back into the poll form's
// strings and hands them to the domain's poll form schema, the one the room's poll form and the server
// use: same fields, same caps, same reasons. Pure, so the reasons' texts are tested without a browser.
import {
  MIN_POLL_OPTIONS,
  POLL_FORM_LIMITS,
  type PollFormInput,
  type PollView,
  parsePollForm,
  pollFormSchema,
} from '@lablive/domain';
import { z } from 'zod';

export type PollFormValues = {
  title: string;
  question: string;
  options: { value: string }[];
  allowMultiple: boolean;
};

/** A new poll: two empty options, multiple choice on (live-room spec 5, as in the room). */
export const NEW_POLL_VALUES: PollFormValues = {
  title: '',
  question: '',
  options: [{ value: '' }, { value: '' }],
  allowMultiple: true,
};

export function pollFormValuesOf(poll: PollView): PollFormValues {
  return {
    title: poll.title,
    question: poll.question,
    options: poll.options.map((value) => ({ value })),
    allowMultiple: poll.allowMultiple,
  };
}

/** The form's rows as the poll form's fields, then the shared schema decides. */
export const pollFormValuesSchema = z
  .object({
    title: z.string(),
    question: z.string(),
    options: z.array(z.object({ value: z.string() })),
    allowMultiple: z.boolean(),
  })
  .transform(
    (values): PollFormInput => ({ ...values, options: values.options.map((option) => option.value) }),
  )
  .pipe(pollFormSchema);

/** What Save sends: the form as the user wrote it (the server trims it and applies the defaults). */
export type PollFormRequest = PollFormInput;

/** A poll's content with another title: what the list's inline title edit saves. */
export function withTitle(poll: PollView, title: string): PollFormRequest {
  return { title, question: poll.question, options: poll.options, allowMultiple: poll.allowMultiple };
}

/** Why the title cannot be saved (too long, or text PostgreSQL refuses), or null. */
export function titleProblem(poll: PollView, title: string): string | null {
  const check = parsePollForm(withTitle(poll, title));
  return check.ok ? null : check.reason;
}

export type PollFormReason = 'questionBlank' | 'optionBlank' | 'tooFewOptions' | 'tooManyOptions';

function reasonOf(form: PollFormInput): string {
  const check = parsePollForm(form);
  return check.ok ? '' : check.reason;
}

// The domain words its reasons in English; asking it about one form per rule gives those words, so a
// reworded rule still finds its translation.
const REASONS = new Map<string, PollFormReason>([
  [reasonOf({ question: ' ', options: ['a', 'b'] }), 'questionBlank'],
  [reasonOf({ question: 'q', options: ['a', ' '] }), 'optionBlank'],
  [reasonOf({ question: 'q', options: ['a'] }), 'tooFewOptions'],
  [
    reasonOf({ question: 'q', options: Array.from({ length: POLL_FORM_LIMITS.options + 1 }, () => 'a') }),
    'tooManyOptions',
  ],
]);

/** The translation key of a reason of the poll form's rules, or null (the domain's words are shown). */
export function pollFormReason(reason: string): PollFormReason | null {
  return REASONS.get(reason) ?? null;
}

export const OPTION_COUNT = { min: MIN_POLL_OPTIONS, max: POLL_FORM_LIMITS.options } as const;
