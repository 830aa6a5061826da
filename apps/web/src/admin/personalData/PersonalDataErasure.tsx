// The erasure of a person's data on their request (GDPR, article 17; issue 32), below the export of the
// personal data page: what it does, the address (checked as the server checks it), the confirmation that
// restates it and asks for the request as the reason (the audit trail keeps it), then what was erased.
// Reports under a legal hold are kept: the result names them, with a sentence for the person in the
// page's language. An address the server refuses is the field's error, as the export's is; any other
// refusal stays in the dialog, in words.
import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@lablive/client';
import { type PersonalDataErasure, personalDataErasureSchema } from '@lablive/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../format/list.ts';
import { useFormat } from '../../format/useFormat.ts';
import { personalDataApi } from '../adminApi.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { PersonEmailField } from './PersonEmailField.tsx';

type ErasureValues = { email: string };
type Erased = { email: string; erasure: PersonalDataErasure };

/** The refusal of the address itself (a 400 naming the field), as the server words it; else null. */
function refusedAddress(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.namedFields.find((field) => field.field === 'email')?.message ?? null;
}

export function PersonalDataErasureSection() {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const [erased, setErased] = useState<Erased | null>(null);
  return (
    <section
      className="admin-panel personal-data-erasure"
      aria-labelledby={titleId}
      data-testid="personal-data-erasure"
    >
      <h2 id={titleId}>{t('personalData.erasure.title')}</h2>
      <p>{t('personalData.erasure.explain')}</p>
      <p className="personal-data-hold">{t('personalData.erasure.hold')}</p>
      <ErasureForm onErased={setErased} />
      {erased !== null && <ErasureResult key={erased.erasure.erasureId} erased={erased} />}
    </section>
  );
}

function ErasureForm({ onErased }: { onErased: (erased: Erased) => void }) {
  const { t: ta } = useTranslation('admin');
  const id = useId();
  const form = useForm<ErasureValues>({
    resolver: zodResolver(personalDataErasureSchema),
    defaultValues: { email: '' },
  });
  /** The address the dialog asks about, once the field holds a well-formed one. */
  const [asked, setAsked] = useState<string | null>(null);
  /** Where the focus goes when the dialog closes: back to the button, to the field, or to the result. */
  const focusAfter = useRef<'button' | 'field' | 'result'>('button');
  const error = form.formState.errors.email?.message;

  async function erase(email: string, reason: string | undefined) {
    try {
      const erasure = await personalDataApi.erase(email, { reason: reason ?? '' });
      focusAfter.current = 'result';
      form.reset({ email: '' });
      onErased({ email, erasure });
    } catch (failure) {
      const refused = refusedAddress(failure);
      if (refused === null) throw failure;
      // The address itself refused: said beside the field, as the export says it.
      focusAfter.current = 'field';
      form.setError('email', { message: refused });
    }
  }

  return (
    <form
      className="personal-data-erasure-form"
      noValidate
      data-testid="personal-data-erasure-form"
      onSubmit={form.handleSubmit(({ email }) => {
        focusAfter.current = 'button';
        setAsked(email);
      })}
    >
      <PersonEmailField
        id={`${id}-email`}
        label={ta('personalData.erasure.email')}
        hint={ta('personalData.erasure.emailHint')}
        error={error}
        testId="personal-data-erase-email"
        registration={form.register('email')}
      />
      <div className="personal-data-actions">
        <button type="submit" className="button button-danger" data-testid="personal-data-erase">
          {ta('personalData.erasure.erase')}
        </button>
      </div>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title={ta('personalData.erasure.confirmTitle')}
        message={ta('personalData.erasure.confirmMessage', { email: asked ?? '' })}
        confirmLabel={ta('personalData.erasure.confirm')}
        askReason
        onConfirm={(reason) => erase(asked ?? '', reason)}
        testId="confirm-erasure"
        onCloseAutoFocus={(event) => {
          // The result takes the focus itself (ErasureResult); a refused address gives it to the field.
          if (focusAfter.current === 'button') return;
          event.preventDefault();
          if (focusAfter.current === 'field') form.setFocus('email');
        }}
      />
    </form>
  );
}

/** What the erasure did: when, its reference, the counts, and the reports kept with what to tell the person. */
function ErasureResult({ erased }: { erased: Erased }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The reader's zone, named beside the time.
  const zone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const { erasure } = erased;
  useEffect(() => heading.current?.focus(), []);
  const counts = (['participations', 'accounts', 'keys', 'mails'] as const).map((key) => ({
    key,
    label: t(`personalData.erasure.result.${key}`),
    value: format.count(erasure[key]),
  }));
  return (
    <section
      className="personal-data-erased"
      aria-labelledby={titleId}
      data-testid="personal-data-erasure-result"
    >
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {t('personalData.erasure.result.title', { email: erased.email })}
      </h3>
      <p data-testid="personal-data-erased-at">
        {t('personalData.erasure.result.when', {
          time: format.longDayTime(erasure.erasedAt) ?? erasure.erasedAt,
          zone,
        })}
      </p>
      <p>
        {t('personalData.erasure.result.reference')}{' '}
        <code data-testid="personal-data-erasure-id">{erasure.erasureId}</code>
      </p>
      <dl className="personal-data-counts" aria-label={t('personalData.erasure.result.counts')}>
        {counts.map((count) => (
          <div key={count.key} data-testid={`personal-data-erased-${count.key}`}>
            <dt>{count.label}</dt>
            <dd>{count.value}</dd>
          </div>
        ))}
      </dl>
      {erasure.keptReports.length === 0 ? (
        <p data-testid="personal-data-none-kept">{t('personalData.erasure.result.noneKept')}</p>
      ) : (
        <KeptReports reports={erasure.keptReports} />
      )}
    </section>
  );
}

/** The reports kept under legal hold, and the sentence that tells the person, in the page's language. */
function KeptReports({ reports }: { reports: PersonalDataErasure['keptReports'] }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const titleId = useId();
  const count = reports.length;
  const references = formatList(
    reports.map((report) => report.reference),
    format.language,
  );
  return (
    <section
      className="personal-data-kept"
      aria-labelledby={titleId}
      data-testid="personal-data-kept-reports"
    >
      <h4 id={titleId}>{t('personalData.erasure.result.keptTitle')}</h4>
      <p>{t('personalData.erasure.result.keptIntro', { count })}</p>
      <ul>
        {reports.map((report) => (
          <li key={report.id} data-testid="personal-data-kept-report">
            {report.reference}
          </li>
        ))}
      </ul>
      <figure className="personal-data-letter">
        <figcaption>{t('personalData.erasure.result.letterLabel')}</figcaption>
        <blockquote data-testid="personal-data-kept-letter">
          {t('personalData.erasure.result.letter', { count, references })}
        </blockquote>
      </figure>
    </section>
  );
}
