// Which translation says why a poll form or a vote was refused. The domain's checkPollForm words its
// reasons in English; asking it about one form per rule gives those words, so a reworded rule still maps
// to its translation (and a new rule shows the domain's words until it gets one).
import { checkPollForm, MIN_POLL_OPTIONS } from '@lablive/domain';
import type { TFunction } from 'i18next';
import { refusalText } from '../refusalText.ts';
import type { PollProblem } from './pollMachine.ts';

export type PollFormReason = 'questionBlank' | 'tooFewOptions' | 'optionBlank';

function reasonOf(form: Parameters<typeof checkPollForm>[0]): string {
  const check = checkPollForm(form);
  return check.ok ? '' : check.reason;
}

const REASONS = new Map<string, PollFormReason>([
  [reasonOf({ question: ' ', options: ['a', 'b'] }), 'questionBlank'],
  [reasonOf({ question: 'q', options: ['a'] }), 'tooFewOptions'],
  [reasonOf({ question: 'q', options: ['a', ' '] }), 'optionBlank'],
]);

export function pollFormReason(reason: string): PollFormReason | null {
  return REASONS.get(reason) ?? null;
}

export function pollProblemText(t: TFunction<'room'>, problem: PollProblem): string {
  switch (problem.kind) {
    case 'form': {
      const reason = pollFormReason(problem.reason);
      return reason === null ? problem.reason : t(`polls.reasons.${reason}`, { min: MIN_POLL_OPTIONS });
    }
    case 'emptyChoice':
      return t('sidebar.rejections.empty_answer');
    case 'refused':
      return refusalText(t, problem.refusal);
    default: {
      const unknown: never = problem;
      throw new Error(`Unknown poll problem ${JSON.stringify(unknown)}`);
    }
  }
}
