// The consents a guest is asked, each a checkbox with its kind's name, whether it is required, and its
// whole text in the page's language (what they tick is what they read). Used by the public entry form
// and the event page; optional ones start unticked.
import type { AskedConsent } from '@lablive/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/useLocale.ts';
import { consentText, kindName } from './consentWords.ts';
import './consents.css';

type ConsentChecklistProps = {
  consents: readonly AskedConsent[];
  ticked: ReadonlySet<number>;
  onChange: (versionId: number, ticked: boolean) => void;
  /** Why the form was not sent (a required one unticked), shown under the list. */
  problem: string | null;
  disabled?: boolean;
};

export function ConsentChecklist({
  consents,
  ticked,
  onChange,
  problem,
  disabled = false,
}: ConsentChecklistProps) {
  const { t: tw } = useTranslation('waiting');
  const locale = useLocale();
  const id = useId();
  if (consents.length === 0) return null;
  return (
    <fieldset
      className="consent-list"
      data-testid="consent-list"
      aria-describedby={problem === null ? undefined : `${id}-problem`}
    >
      <legend>{tw('consents.legend')}</legend>
      {consents.map((consent) => {
        const boxId = `${id}-${consent.version_id}`;
        return (
          <div className="consent-item" key={consent.version_id} data-testid={`consent-${consent.kind}`}>
            <input
              id={boxId}
              type="checkbox"
              checked={ticked.has(consent.version_id)}
              disabled={disabled}
              aria-describedby={`${boxId}-text`}
              aria-required={consent.required}
              data-testid={`consent-box-${consent.kind}`}
              onChange={(event) => onChange(consent.version_id, event.target.checked)}
            />
            <label htmlFor={boxId}>
              <strong>{kindName(tw, consent.kind)}</strong>{' '}
              <span className="consent-need">
                {consent.required ? tw('consents.required') : tw('consents.optional')}
              </span>
            </label>
            <p id={`${boxId}-text`} className="consent-text">
              {consentText(consent.texts, locale)}
            </p>
          </div>
        );
      })}
      {problem !== null && (
        <p id={`${id}-problem`} className="form-error" role="alert" data-testid="consent-problem">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** The required consents left unticked. */
export const untickedRequired = (consents: readonly AskedConsent[], ticked: ReadonlySet<number>) =>
  consents.filter((consent) => consent.required && !ticked.has(consent.version_id));
