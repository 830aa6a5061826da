// Live polls (live-room spec, sections 4 and 5): the rules of the animator's poll form and the results
// shown to animators. Pure, so the web form shows the same reasons the room host refuses with.

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
  return {
    respondents,
    options: poll.options.map((option, index) => {
      const count = poll.results[index] ?? 0;
      const percentage = respondents === 0 ? 0 : Math.round((count / respondents) * 1000) / 10;
      return { option, count, percentage };
    }),
  };
}
