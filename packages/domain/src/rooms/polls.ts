// Live polls (live-room spec, sections 4 and 5; back-office spec 2.6 and 5): the rules of the poll form
// and the results shown to animators. One form, one schema (`pollFormSchema`): the animator's form in
// the room, the back office's poll form, the room's CreatePoll and EditPoll commands and the REST bodies
// all take these fields and these rules, so every one of them refuses the same polls for the same
// reasons. Pure, so the web forms show the reasons the room host and the server refuse with.
import { z } from 'zod';
import { text } from '../shared/text.ts';

export type PollStatus = 'draft' | 'active' | 'closed';

export type Poll = {
  id: string;
  title: string;
  question: string;
  options: readonly string[];
  allowMultiple: boolean;
  /** Created inactive (saved); started by an animator; closed. A closed poll may be started again. */
  status: PollStatus;
  /** Votes per option, index for index with `options`. */
  results: readonly number[];
  /** Participants who answered: each votes once. */
  answeredBy: readonly number[];
};

export type PollForm = {
  title?: string | undefined;
  question: string;
  options: readonly string[];
  allowMultiple?: boolean | undefined;
};

/** A checked poll form: trimmed, with its defaults applied. */
export type PollContent = { title: string; question: string; options: string[]; allowMultiple: boolean };

export const MIN_POLL_OPTIONS = 2;

/** The form's caps: what a room command carries and a poll row stores. */
export const POLL_FORM_LIMITS = { title: 500, question: 500, options: 10, option: 200 } as const;

const atMost = (count: number) => ({ error: `must be at most ${count} characters` });

/** The poll form's fields, capped (the rules on their content are checkPollForm's, below). */
export const pollFormFields = {
  /** Optional: an empty title becomes the question. */
  title: text().max(POLL_FORM_LIMITS.title, atMost(POLL_FORM_LIMITS.title)).optional(),
  question: text().max(POLL_FORM_LIMITS.question, atMost(POLL_FORM_LIMITS.question)),
  options: z
    .array(text().max(POLL_FORM_LIMITS.option, atMost(POLL_FORM_LIMITS.option)))
    .max(POLL_FORM_LIMITS.options, { error: `A poll has at most ${POLL_FORM_LIMITS.options} options.` }),
  /** Optional: on by default. */
  allowMultiple: z.boolean().optional(),
};

export type PollFormCheck = { ok: true; content: PollContent } | { ok: false; reason: string };

/** Section 5's poll form rules; blank means empty after trimming, as everywhere in the spec. */
export function checkPollForm(form: PollForm): PollFormCheck {
  const question = form.question.trim();
  const options = form.options.map((option) => option.trim());
  if (question === '') return { ok: false, reason: 'The question must not be blank.' };
  if (options.length < MIN_POLL_OPTIONS) {
    return { ok: false, reason: `A poll needs at least ${MIN_POLL_OPTIONS} options.` };
  }
  if (options.some((option) => option === '')) return { ok: false, reason: 'An option must not be blank.' };
  const title = form.title?.trim() ?? '';
  return {
    ok: true,
    // The multiple-choice checkbox of the form is on by default.
    content: {
      title: title === '' ? question : title,
      question,
      options,
      allowMultiple: form.allowMultiple ?? true,
    },
  };
}

/**
 * checkPollForm's refusals as schema issues, each on the field it is about (`question`, then `options`),
 * so a 400 and a form name every field that breaks a rule, the question's reason first.
 */
export function refinePollForm(
  value: { question: string; options: readonly string[] },
  ctx: z.RefinementCtx,
): void {
  // Each field checked beside a valid other, so each gets its own reason.
  const question = checkPollForm({ question: value.question, options: ['a', 'b'] });
  if (!question.ok) ctx.addIssue({ code: 'custom', path: ['question'], message: question.reason });
  const options = checkPollForm({ question: 'q', options: value.options });
  if (!options.ok) ctx.addIssue({ code: 'custom', path: ['options'], message: options.reason });
}

/** The poll form: its fields, capped, and section 5's rules. Its output is the form as sent. */
export const pollFormSchema = z.object(pollFormFields).superRefine(refinePollForm);
export type PollFormInput = z.input<typeof pollFormSchema>;

/**
 * A poll form through the schema: the first reason it is refused (caps, storable text, then section
 * 5's rules), or its content, trimmed and with its defaults. What the animator's form in the room checks.
 */
export function parsePollForm(form: PollForm): PollFormCheck {
  const parsed = pollFormSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: issue?.message ?? 'The poll form is not valid.' };
  }
  return checkPollForm(parsed.data);
}

export type PollResults = {
  /** How many participants answered. */
  respondents: number;
  options: { option: string; count: number; percentage: number }[];
};

/**
 * Counts and percentages per option. A percentage is the share of respondents who chose the option, so
 * with multiple choice they may add up to more than 100; rounded to one decimal for display.
 */
export function pollResults(poll: Poll): PollResults {
  const respondents = poll.answeredBy.length;
  return { respondents, options: optionShares(poll.options, poll.results, respondents) };
}

/** Each option's votes and share of the respondents (live results, the statistics, their CSV). */
export function optionShares(
  options: readonly string[],
  counts: readonly number[],
  respondents: number,
): PollResults['options'] {
  return options.map((option, index) => {
    const count = counts[index] ?? 0;
    const percentage = respondents === 0 ? 0 : Math.round((count / respondents) * 1000) / 10;
    return { option, count, percentage };
  });
}
