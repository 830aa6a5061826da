// A guest's consents on their event page (/event): those still to accept (the invitation path, or a text
// the lab changed since), ticked and accepted here; and what they accepted, each with the exact text of
// the version they accepted, when and where, and a way to withdraw it. Withdrawing a required one says
// first that they will no longer enter the event's rooms; the server records who withdrew what and when.
import type { GivenConsent, MyConsents } from '@lablive/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../components/BusyButton.tsx';
import { toFailure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { ConsentChecklist, untickedRequired } from './ConsentChecklist.tsx';
import { formatConsentMoment } from './consentMoment.ts';
import { consentsApi } from './consentsApi.ts';
import { consentText, kindName } from './consentWords.ts';
import type { Loaded } from './useConsents.ts';

type MyConsentsPanelProps = {
  state: Loaded<MyConsents>;
  onChange: (consents: MyConsents) => void;
};

/** What a part of the panel shows and what it changes: the answer of an accept or a withdrawal. */
type PartProps = { consents: MyConsents; onChange: (consents: MyConsents) => void };

export function MyConsentsPanel({ state, onChange }: MyConsentsPanelProps) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const titleId = useId();
  if (state.status === 'loading') return null;
  if (state.status === 'failed') {
    return (
      <p className="form-error" role="alert" data-testid="my-consents-error">
        {tw('consents.loadFailed', { reason: describeFailure(t, state.failure) })}
      </p>
    );
  }
  const consents = state.value;
  if (consents.asked.length === 0 && consents.given.length === 0) return null;
  return (
    <section className="my-consents" aria-labelledby={titleId} data-testid="my-consents">
      <h2 id={titleId}>{tw('consents.title')}</h2>
      <ToAccept consents={consents} onChange={onChange} />
      {consents.given.length > 0 && (
        <ul aria-label={tw('consents.given')} data-testid="given-consents">
          {consents.given.map((given) => (
            <GivenItem key={given.id} given={given} consents={consents} onChange={onChange} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The consents asked whose current version the guest has not accepted (or withdrew). */
function ToAccept({ consents, onChange }: PartProps) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const inForce = new Set(consents.given.filter((g) => g.withdrawn_at === null).map((g) => g.version_id));
  const open = consents.asked.filter((asked) => !inForce.has(asked.version_id));
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (open.length === 0) return null;

  const accept = async () => {
    const left = untickedRequired(
      open.filter((asked) => consents.missing.includes(asked.kind)),
      ticked,
    );
    if (ticked.size === 0 || left.length > 0) {
      setProblem(tw('consents.tickRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onChange(await consentsApi.accept({ version_ids: [...ticked] }));
      setTicked(new Set());
    } catch (error) {
      setProblem(describeFailure(t, toFailure(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="consents-to-accept">
      {consents.missing.length > 0 && (
        <p className="form-error" data-testid="consents-missing">
          {tw('consents.joinAfter')}
        </p>
      )}
      <ConsentChecklist
        consents={open}
        ticked={ticked}
        disabled={busy}
        problem={problem}
        onChange={(versionId, on) => {
          const next = new Set(ticked);
          if (on) next.add(versionId);
          else next.delete(versionId);
          setTicked(next);
        }}
      />
      <BusyButton
        label={tw('consents.accept')}
        busyLabel={tw('consents.accepting')}
        busy={busy}
        testId="consents-accept"
        onClick={() => void accept()}
      />
    </div>
  );
}

function GivenItem({ given, consents, onChange }: PartProps & { given: GivenConsent }) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const warningRef = useRef<HTMLParagraphElement>(null);
  const warningId = useId();
  // What withdrawing costs: the event's rooms, when the lab requires this kind now.
  const requiredNow = consents.asked.some((asked) => asked.kind === given.kind && asked.required);

  useEffect(() => {
    if (confirming) warningRef.current?.focus();
  }, [confirming]);

  const withdraw = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onChange(await consentsApi.withdraw(given.id));
    } catch (error) {
      setFailure(describeFailure(t, toFailure(error)));
      setBusy(false);
    }
  };

  const withdrawn = given.withdrawn_at !== null;
  return (
    <li className="given-consent" data-testid={`given-consent-${given.kind}`} data-withdrawn={withdrawn}>
      <strong>
        {kindName(tw, given.kind)} · {tw('consents.version', { version: given.version })}
      </strong>
      <p className="consent-text" data-testid="given-consent-text">
        {consentText(given.texts, locale)}
      </p>
      <p className="consent-meta" data-testid="given-consent-meta">
        {tw(given.source === 'public_page' ? 'consents.givenOnPublicPage' : 'consents.givenOnEventPage', {
          when: formatConsentMoment(given.given_at, locale),
        })}
        {withdrawn && (
          <>
            {' '}
            <span data-testid="given-consent-withdrawn">
              {tw('consents.withdrawnOn', { when: formatConsentMoment(given.withdrawn_at ?? '', locale) })}
            </span>
          </>
        )}
      </p>
      {!withdrawn && !confirming && (
        <div>
          <button
            type="button"
            className="button button-secondary"
            data-testid="consent-withdraw"
            onClick={() => setConfirming(true)}
          >
            {tw('consents.withdraw')}
          </button>
        </div>
      )}
      {!withdrawn && confirming && (
        <div className="withdraw-confirm" data-testid="consent-withdraw-confirm">
          <p id={warningId} ref={warningRef} tabIndex={-1} data-testid="consent-withdraw-warning">
            {requiredNow ? tw('consents.withdrawRequiredWarning') : tw('consents.withdrawOptionalWarning')}
          </p>
          <div className="actions">
            <BusyButton
              label={tw('consents.confirmWithdraw')}
              busyLabel={tw('consents.withdrawing')}
              busy={busy}
              describedBy={warningId}
              testId="consent-withdraw-confirm-button"
              onClick={() => void withdraw()}
            />
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              {tw('consents.keep')}
            </button>
          </div>
          {failure !== null && (
            <p className="form-error" role="alert">
              {failure}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
