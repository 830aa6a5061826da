// The lab's consent texts (/admin/consents, permission `manage personal data`; issue 33): one row per
// kind (data processing, recording, contact) in the back office's list, with whether it is asked and
// required, its current version and when it was written; a row opens its earlier versions, as guests
// accepted them. Editing a kind writes its three texts (fr, en, de): a change makes a new version, the
// earlier ones stay. The server records each version in the audit trail.
import { CONSENT_KINDS, type ConsentKind, type LabConsent, type Locale } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/useLocale.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { AdminPage } from '../AdminPage.tsx';
import { LoadedView } from '../LoadedView.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { useLabConsents } from '../resources/consents.ts';
import { ConsentForm } from './ConsentForm.tsx';
import './consents.css';
import { formatConsentMoment } from '../../consents/consentMoment.ts';

type ConsentRow = { kind: ConsentKind; consent: LabConsent | null };

export function ConsentsPage() {
  const { t } = useTranslation('admin');
  const { state } = useLoadedQuery(useLabConsents());
  return (
    <AdminPage
      titleId="consents-title"
      title={t('consents.title')}
      intro={t('consents.intro')}
      className="consents-page"
      testId="consents-page"
    >
      <LoadedView state={state} errorTestId="consents-error">
        {(consents) => <Consents loaded={consents} />}
      </LoadedView>
    </AdminPage>
  );
}

function Consents({ loaded }: { loaded: readonly LabConsent[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [editing, setEditing] = useState<ConsentKind | null>(null);
  const rows: ConsentRow[] = CONSENT_KINDS.map((kind) => ({
    kind,
    consent: loaded.find((consent) => consent.kind === kind) ?? null,
  }));
  const kindName = (kind: ConsentKind) => t(`consents.kinds.${kind}`);
  const editedRow = rows.find((row) => row.kind === editing);

  return (
    <>
      <AdminList<ConsentRow>
        label={t('consents.list')}
        testId="consents"
        rows={rows}
        rowId={(row) => row.kind}
        rowName={(row) => kindName(row.kind)}
        pageSizes={[CONSENT_KINDS.length]}
        empty={t('consents.none')}
        rowData={(row) => ({ 'data-kind': row.kind })}
        columns={[
          { id: 'kind', header: t('consents.kind'), cell: (row) => <strong>{kindName(row.kind)}</strong> },
          {
            id: 'status',
            header: t('consents.status'),
            cell: (row) =>
              row.consent === null
                ? t('consents.notWritten')
                : !row.consent.active
                  ? t('consents.notAsked')
                  : row.consent.current.required
                    ? t('consents.required')
                    : t('consents.optional'),
          },
          {
            id: 'version',
            header: t('consents.version'),
            narrow: true,
            cell: (row) => (row.consent === null ? '—' : String(row.consent.current.version)),
          },
          {
            id: 'written',
            header: t('consents.written'),
            cell: (row) =>
              row.consent === null ? '—' : formatConsentMoment(row.consent.current.created_at, locale),
          },
        ]}
        expanded={(row) => (row.consent === null ? null : <Versions consent={row.consent} locale={locale} />)}
        rowActions={(row) => (
          <button
            type="button"
            className="button button-secondary"
            data-testid={`consent-edit-${row.kind}`}
            onClick={() => setEditing(row.kind)}
          >
            {row.consent === null ? t('consents.write') : t('consents.edit')}
            {/* Which consent, for a screen reader going through the buttons alone. */}
            <span className="visually-hidden"> {kindName(row.kind)}</span>
          </button>
        )}
      />
      {editedRow !== undefined && (
        <ConsentForm
          key={`${editedRow.kind}-${editedRow.consent?.current.version ?? 0}`}
          kind={editedRow.kind}
          consent={editedRow.consent}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** Every version of a consent, newest first, with its three texts as written. */
function Versions({ consent, locale }: { consent: LabConsent; locale: Locale }) {
  const { t } = useTranslation('admin');
  return (
    <ol className="consent-versions" data-testid="consent-versions">
      {consent.versions.map((version) => (
        <li key={version.version_id}>
          <p className="consent-version-head">
            {t('consents.versionOf', {
              version: version.version,
              when: formatConsentMoment(version.created_at, locale),
            })}{' '}
            · {version.required ? t('consents.required') : t('consents.optional')}
          </p>
          <dl>
            {(['fr', 'en', 'de'] as const).map((language) => (
              <div key={language}>
                <dt>{t(`consents.language.${language}`)}</dt>
                <dd lang={language}>{version.texts[language]}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
