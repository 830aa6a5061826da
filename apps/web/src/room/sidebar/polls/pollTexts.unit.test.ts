// Every reason the domain's poll form check gives has its translation key, and what participants are
// shown: the first open poll, whether they answered, when results show.
import type { Poll } from '@lablive/domain';
import { checkPollForm } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { hasAnswered, pollToAnswer, showsResults } from './pollSelection.ts';
import { pollFormReason } from './pollTexts.ts';

const poll = (id: string, status: Poll['status'], answeredBy: number[] = []): Poll => ({
  id,
  title: id,
  question: `${id}?`,
  options: ['Yes', 'No'],
  allowMultiple: true,
  status,
  results: [0, 0],
  answeredBy,
});

describe('poll form reasons', () => {
  it.each([
    [{ question: '', options: ['Yes', 'No'] }, 'questionBlank'],
    [{ question: 'Ready?', options: [] }, 'tooFewOptions'],
    [{ question: 'Ready?', options: ['Yes'] }, 'tooFewOptions'],
    [{ question: 'Ready?', options: ['Yes', '  '] }, 'optionBlank'],
  ] as const)('maps the domain reason for %j to %s', (form, key) => {
    const check = checkPollForm(form);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(pollFormReason(check.reason)).toBe(key);
  });

  it('leaves an unknown reason untranslated', () => {
    expect(pollFormReason('Something new.')).toBeNull();
  });
});

describe('which poll a participant sees', () => {
  it('is the first active poll of the list, or none', () => {
    expect(pollToAnswer([poll('a', 'draft'), poll('b', 'active'), poll('c', 'active')])?.id).toBe('b');
    expect(pollToAnswer([poll('a', 'draft'), poll('b', 'closed')])).toBeNull();
  });

  it('knows who answered and shows results once active or answered', () => {
    expect(hasAnswered(poll('a', 'active', [4, 7]), 7)).toBe(true);
    expect(hasAnswered(poll('a', 'active', [4]), 7)).toBe(false);
    expect(showsResults(poll('a', 'draft'))).toBe(false);
    expect(showsResults(poll('a', 'active'))).toBe(true);
    expect(showsResults(poll('a', 'closed', [3]))).toBe(true);
    expect(showsResults(poll('a', 'closed'))).toBe(false);
  });
});
