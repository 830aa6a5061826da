// The personal data requests page (/admin/personal-data, permission `manage personal data`; GDPR access,
// issue 32): what the export of a person's data holds and leaves out, and a form that downloads it for
// an e-mail address as JSON (for machines) or as a readable PDF (in the page's language, dates in the
// reader's zone); below it, the erasure of a person's data (PersonalDataErasure.tsx). The server
// records each request in the audit trail.
import { zodResolver } from '@hookform/resolvers/zod';
import type { PersonalDataFormat } from '@lablive/client';
import { personalDataQuerySchema } from '@lablive/domain';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/BusyButton.tsx';
import { describeFailure } from '../../i18n/messages.ts';
import { AdminPage } from '../AdminPage.tsx';
import { PersonalDataErasureSection } from './PersonalDataErasure.tsx';
import { type PersonalDataOutcome, usePersonalDataDownload } from './usePersonalDataDownload.ts';
import './personalData.css';
import { PersonEmailField } from './PersonEmailField.tsx';

/** The form's one field, checked as the server checks it. */
const requestSchema = personalDataQuerySchema.pick({ email: true });
type RequestValues = { email: string };

/** What the export holds, in the order the file lists it. */
const HOLDS = [
  'account',
  'participations',
  'registrations',
  'roomActivity',
  'reports',
  'mails',
  'consents',
  'downloads',
  'audit',
] as const;

export function PersonalDataPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage
      titleId="personal-data-title"
      title={t('personalData.title')}
      intro={t('personalData.intro')}
      className="personal-data-page"
      testId="personal-data-page"
    >
      <PersonalDataScope />
      <PersonalDataForm />
      <PersonalDataErasureSection />
    </AdminPage>
  );
}

function PersonalDataScope() {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <section className="personal-data-scope" aria-labelledby={titleId} data-testid="personal-data-scope">
      <h2 id={titleId}>{t('personalData.holds.title')}</h2>
      <ul>
        {HOLDS.map((item) => (
          <li key={item}>{t(`personalData.holds.${item}`)}</li>
        ))}
      </ul>
      <p>{t('personalData.leavesOut')}</p>
      <p className="personal-data-recorded">{t('personalData.recorded')}</p>
    </section>
  );
}

function PersonalDataForm() {
  const { t: ta } = useTranslation('admin');
  const id = useId();
  // The reader's zone: the PDF's dates are told in it.
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const requests = usePersonalDataDownload(timeZone);
  const form = useForm<RequestValues>({
    resolver: zodResolver(requestSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;
  const busy = requests.downloading !== null;

  const downloadAs = (format: PersonalDataFormat) =>
    form.handleSubmit(async ({ email }) => {
      const refused = await requests.download(email, format);
      if (refused !== null) form.setError('email', { message: refused }, { shouldFocus: true });
    });
  const button = (format: PersonalDataFormat, describedBy?: string) => (
    <BusyButton
      type={format === 'json' ? 'submit' : 'button'}
      className={format === 'json' ? 'button button-primary' : 'button button-secondary'}
      label={ta(`personalData.form.${format}`)}
      busyLabel={ta('personalData.form.preparing')}
      busy={requests.downloading === format}
      disabled={busy}
      describedBy={describedBy}
      testId={`personal-data-${format}`}
      onClick={format === 'pdf' ? () => void downloadAs('pdf')() : undefined}
    />
  );

  return (
    <form
      className="admin-panel personal-data-form"
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="personal-data-form"
      // Enter in the field downloads the JSON, as its button (the form's submit) does.
      onSubmit={downloadAs('json')}
    >
      <h2 id={`${id}-title`}>{ta('personalData.form.title')}</h2>
      <PersonEmailField
        id={`${id}-email`}
        label={ta('personalData.form.email')}
        hint={ta('personalData.form.emailHint')}
        error={error}
        testId="personal-data-email"
        registration={form.register('email')}
      />
      <div className="personal-data-actions">
        {button('json')}
        {button('pdf', `${id}-pdf-note`)}
      </div>
      <div className="personal-data-notes">
        <p id={`${id}-pdf-note`} className="field-hint">
          {ta('personalData.form.pdfNote', { zone: timeZone })}
        </p>
        <DownloadOutcome outcome={requests.outcome} />
      </div>
    </form>
  );
}

/**
 * The last download: the file saved (said politely, in a status region that stays on the page so it is
 * heard when it fills), or why it failed (said at once).
 */
function DownloadOutcome({ outcome }: { outcome: PersonalDataOutcome }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  return (
    <>
      <p className="personal-data-saved form-success" role="status" data-testid="personal-data-saved">
        {outcome.type === 'saved' &&
          ta('personalData.form.saved', { file: outcome.fileName, email: outcome.email })}
      </p>
      {outcome.type === 'failed' && (
        <p className="form-error" role="alert" data-testid="personal-data-error">
          {ta('personalData.form.failed', { reason: describeFailure(t, outcome.failure) })}
        </p>
      )}
    </>
  );
}
