// A consent as a guest reads it: its kind's name and its text in the page's language, and the server's
// refusal of an entry without the required ones ("Accept the required consents first: data_processing")
// said with the kinds' names in that language.
import { CONSENT_KINDS, type ConsentKind, type ConsentTexts, type Locale, refusalOf } from '@lablive/domain';
import type { TFunction } from 'i18next';
import type { Failure } from '../failure.ts';

const isKind = (value: string): value is ConsentKind => (CONSENT_KINDS as readonly string[]).includes(value);

export const kindName = (tw: TFunction<'waiting'>, kind: ConsentKind): string => tw(`consents.kinds.${kind}`);

export const consentText = (texts: ConsentTexts, locale: Locale): string => texts[locale];

/** The refusal of an entry for missing consents, in words; null for any other failure. */
export function describeConsentFailure(tw: TFunction<'waiting'>, failure: Failure): string | null {
  if (failure.code !== 'consent_required') return null;
  const kinds = (refusalOf(failure.detail)?.params.kinds ?? '').split(', ').filter(isKind);
  return tw('consents.missing', { kinds: kinds.map((kind) => kindName(tw, kind)).join(', ') });
}
