// A report's electronic signature on its page (issue 32; 21 CFR 11.50 and 11.70): who signed it, when
// (in the reader's zone, named), what the signature means, the fingerprint it was signed with, and
// whether the stored report still matches it. A report changed since is said in an error-coloured box
// that stands out without interrupting a screen reader on load (not an alert: nothing just happened).
import type { ReportSignature as Signature } from '@lablive/domain';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { useLocale } from '../../i18n/useLocale.ts';
import { type SignatureStatus as Status, signatureView } from './reportSignatureView.ts';

export function ReportSignature({ signature }: { signature: Signature | null }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const titleId = useId();
  const readerZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const view = signatureView(signature, locale, readerZone);
  return (
    <section
      className="report-signature"
      aria-labelledby={titleId}
      data-testid="report-signature"
      data-status={view.status}
    >
      <h2 id={titleId}>{t('reportSignature.title')}</h2>
      <SignatureStatus status={view.status} />
      {view.status !== 'unsigned' && (
        <dl>
          <Field label={t('reportSignature.signedBy')} testId="report-signature-name">
            {view.name}
          </Field>
          <Field label={t('reportSignature.signedAt')} testId="report-signature-date">
            {view.signedAt}
          </Field>
          <Field label={t('reportSignature.meaning')} testId="report-signature-meaning">
            {view.meaning}
          </Field>
          <Field label={t('reportSignature.fingerprint')} testId="report-signature-hash">
            <code className="report-signature-hash">{view.hash}</code>
          </Field>
        </dl>
      )}
    </section>
  );
}

function SignatureStatus({ status }: { status: Status }) {
  const { t } = useTranslation('admin');
  const testId = 'report-signature-status';
  switch (status) {
    case 'unsigned':
      return (
        <p className="report-signature-status" data-testid={testId}>
          {t('reportSignature.unsigned')}
        </p>
      );
    case 'intact':
      return (
        <p className="report-signature-status report-signature-intact" data-testid={testId}>
          <span aria-hidden="true">✓ </span>
          {t('reportSignature.intact')}
        </p>
      );
    case 'altered':
      return (
        <div className="report-signature-status report-signature-altered" data-testid={testId}>
          <Icon name="report" size={20} className="report-signature-icon" />
          <div>
            <p className="report-signature-warning">{t('reportSignature.altered')}</p>
            <p>{t('reportSignature.alteredHint')}</p>
          </div>
        </div>
      );
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}

function Field(props: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="report-field">
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.children}</dd>
    </div>
  );
}
