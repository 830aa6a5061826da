// The public page that checks an attendance certificate (issue 33, part 6), at /certificates/verify and
// /certificates/verify/{code} (the address printed on the certificate): no sign-in. The code is typed
// (any case, dashes optional) or comes in the address; the answer says whether the certificate is valid
// or revoked and what it attests (name, event, when on the event's clock with the zone named, minutes
// present), nothing else; an unknown code is said to be unknown.
import {
  type CertificateVerification,
  formatCertificateCode,
  formatLongDayTime,
  normalizeCertificateCode,
} from '@lablive/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { FormCard } from '../components/FormCard.tsx';
import { LabelledControl } from '../components/LabelledControl.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { describeFailure } from '../i18n/messages.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { useVerification, type VerificationState } from './useVerification.ts';
import './certificates.css';

export function CertificateVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromAddress = useParams().code ?? '';
  const code = normalizeCertificateCode(fromAddress);
  const [typed, setTyped] = useState(fromAddress);
  const [invalid, setInvalid] = useState(fromAddress !== '' && code === null);
  const state = useVerification(code);

  function check(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeCertificateCode(typed);
    setInvalid(normalized === null);
    if (normalized !== null) navigate(`/certificates/verify/${formatCertificateCode(normalized)}`);
  }

  return (
    <FormCard titleId="verify-title" title={t('certificates.verify.title')} testId="certificate-verify">
      <p>{t('certificates.verify.intro')}</p>
      <form className="certificate-verify-form" onSubmit={check} noValidate>
        <LabelledControl
          id="certificate-code"
          label={t('certificates.verify.code')}
          hint={t('certificates.verify.codeHint')}
          error={invalid ? t('certificates.verify.invalid') : undefined}
          announceError
        >
          {(describedBy) => (
            <input
              id="certificate-code"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              data-testid="certificate-code"
            />
          )}
        </LabelledControl>
        <button type="submit" className="button button-primary" data-testid="certificate-check">
          {t('certificates.verify.submit')}
        </button>
      </form>
      <div aria-live="polite" data-testid="certificate-result">
        <VerificationResult state={state} />
      </div>
    </FormCard>
  );
}

function VerificationResult({ state }: { state: VerificationState }) {
  const { t } = useTranslation();
  switch (state.status) {
    case 'idle':
      return null;
    case 'checking':
      return (
        <p className="muted">
          <Spinner /> {t('certificates.verify.checking')}
        </p>
      );
    case 'unknown':
      return (
        <p className="certificate-verdict" data-verdict="unknown" data-testid="certificate-unknown">
          {t('certificates.verify.unknown')}
        </p>
      );
    case 'failed':
      return (
        <p className="form-error" role="alert">
          {describeFailure(t, state.failure)}
        </p>
      );
    case 'found':
      return <Attested certificate={state.certificate} />;
  }
}

function Attested({ certificate }: { certificate: CertificateVerification }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const held = formatLongDayTime(certificate.held_at, locale, certificate.time_zone) ?? certificate.held_at;
  const valid = certificate.status === 'valid';
  return (
    <div
      className="certificate-verdict"
      data-verdict={certificate.status}
      data-testid={`certificate-${certificate.status}`}
    >
      <h2>
        <span aria-hidden="true">{valid ? '✓ ' : '✗ '}</span>
        {valid ? t('certificates.verify.valid') : t('certificates.verify.revoked')}
      </h2>
      {!valid && <p>{t('certificates.verify.revokedHint')}</p>}
      <dl className="certificate-facts">
        <div>
          <dt>{t('certificates.verify.name')}</dt>
          <dd data-testid="certificate-name">{certificate.name}</dd>
        </div>
        <div>
          <dt>{t('certificates.verify.event')}</dt>
          <dd>{certificate.event_name}</dd>
        </div>
        <div>
          <dt>{t('certificates.verify.date')}</dt>
          <dd>{`${held} (${certificate.time_zone})`}</dd>
        </div>
        <div>
          <dt>{t('certificates.verify.minutes')}</dt>
          <dd data-testid="certificate-minutes">
            {t('certificates.verify.minutesValue', { count: certificate.minutes_present })}
          </dd>
        </div>
      </dl>
    </div>
  );
}
