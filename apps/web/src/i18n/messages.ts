// Shows the spec's fixed messages (from form validation or a server problem's detail) and the server's
// refusals (REFUSALS, found from the problem's English detail as the server finds its key) in the
// reader's language, and turns any failure into a sentence worth showing.
import { MESSAGES, refusalOf } from '@lablive/domain';
import type { TFunction } from 'i18next';
import type { Failure } from '../failure.ts';

export type MessageKey = keyof typeof MESSAGES;

const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key);

const KEY_BY_TEXT = new Map<string, MessageKey>(
  Object.keys(MESSAGES)
    .filter(isMessageKey)
    .map((key) => [MESSAGES[key], key]),
);

export function messageKey(text: string): MessageKey | null {
  return KEY_BY_TEXT.get(text) ?? null;
}

/** The translation of a spec message or a server refusal; any other text is returned as it is. */
export function translateMessage(t: TFunction, text: string): string {
  const key = messageKey(text);
  if (key !== null) return t(`messages.${key}`);
  const refusal = refusalOf(text);
  return refusal === null ? text : t(`refusals.${refusal.key}`, { ...refusal.params, ns: 'translation' });
}

export function describeFailure(t: TFunction, failure: Pick<Failure, 'status' | 'detail'>): string {
  if (messageKey(failure.detail) !== null || refusalOf(failure.detail) !== null) {
    return translateMessage(t, failure.detail);
  }
  if (failure.status === 0) return t('errors.network');
  if (failure.status === 429) return t('errors.tooManyAttempts');
  if (failure.status >= 500) return t('errors.server');
  return failure.detail;
}
