// Why a public entry was refused, in the reader's language: the spec's fixed messages (such as "Vous
// êtes déjà dans une session") through the shared mapping, and the server's two other refusals of this
// form (no public event at this address; an e-mail with a personal invitation) from our own texts.
import type { TFunction } from 'i18next';
import { describeConsentFailure } from '../consents/consentWords.ts';
import type { Failure } from '../failure.ts';
import { describeFailure, messageKey } from '../i18n/messages.ts';

export function describeEntryFailure(t: TFunction, tw: TFunction<'waiting'>, failure: Failure): string {
  if (messageKey(failure.detail) !== null) return describeFailure(t, failure);
  const consents = describeConsentFailure(tw, failure);
  if (consents !== null) return consents;
  if (failure.status === 404) return tw('entry.notFound');
  if (failure.status === 403) return tw('entry.personalInvitation');
  return describeFailure(t, failure);
}
