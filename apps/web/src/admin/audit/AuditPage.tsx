// The audit trail page (/admin/audit, permission `view audit`; issue 32, 21 CFR Part 11 and EU GMP
// Annex 11): who changed what in the back office, when and why, searched by who, what and when, and
// exported as CSV or JSON, or whole and signed for an inspector (with how they check it). Read only:
// the page has no control that edits or deletes an entry (the server has no such call either). Times
// are the reader's, with their zone named.
import type { PaginationState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BusyButton } from '../../components/BusyButton.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { AdminPage } from '../AdminPage.tsx';
import { auditApi } from '../adminApi.ts';
import { InspectorNote } from '../inspection/InspectorNote.tsx';
import { useSignedDownload } from '../inspection/useSignedDownload.ts';
import { LoadedView } from '../LoadedView.tsx';
import { useAuditPage } from '../resources/audit.ts';
import { AuditEntries } from './AuditEntries.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import {
  AUDIT_PAGE_SIZES,
  type AuditFilterValues,
  apiFilter,
  auditSearch,
  filterOfParams,
  paramsOfFilter,
} from './auditFilter.ts';
import { type AuditExportFormat, useAuditExport } from './useAuditExport.ts';
import './audit.css';

const FIRST_PAGE: PaginationState = { pageIndex: 0, pageSize: AUDIT_PAGE_SIZES[0] };

export function AuditPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => filterOfParams(params), [params]);
  // The reader's zone: the times shown, the days searched and the export's times are told in it.
  const readerZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const [page, setPage] = useState(FIRST_PAGE);
  const exports = useAuditExport(apiFilter(applied, readerZone), readerZone);

  function search(values: AuditFilterValues) {
    setParams(paramsOfFilter(values));
    setPage((current) => ({ ...current, pageIndex: 0 }));
  }

  return (
    <AdminPage
      titleId="audit-title"
      title={t('audit.title')}
      intro={t('audit.intro')}
      className="audit-page"
      testId="audit-page"
      actions={<ExportButtons exporting={exports.exporting} onExport={exports.download} />}
    >
      <InspectorNote testId="audit-inspector-note" />
      <AuditFilters applied={applied} timeZone={readerZone} onSearch={search} />
      <AuditResults applied={applied} readerZone={readerZone} page={page} onPageChange={setPage} />
    </AdminPage>
  );
}

function AuditResults(props: {
  applied: AuditFilterValues;
  readerZone: string;
  page: PaginationState;
  onPageChange: (page: PaginationState) => void;
}) {
  const { t } = useTranslation('admin');
  const query = useAuditPage(auditSearch(props.applied, props.readerZone, props.page));
  const { state } = useLoadedQuery(query);
  return (
    <section className="audit-results" aria-labelledby="audit-results-title" aria-busy={query.isFetching}>
      <h2 id="audit-results-title" className="audit-results-title">
        {t('audit.list')}
        {state.status === 'loaded' && (
          <span className="audit-count" data-testid="audit-count">
            {t('audit.matches', { count: state.value.total })}
          </span>
        )}
        {query.isFetching && state.status === 'loaded' && <Spinner />}
      </h2>
      <LoadedView state={state} errorTestId="audit-error">
        {({ items, total }) => (
          <AuditEntries
            items={items}
            total={total}
            page={props.page}
            onPageChange={props.onPageChange}
            readerZone={props.readerZone}
          />
        )}
      </LoadedView>
    </section>
  );
}

function ExportButtons(props: {
  exporting: AuditExportFormat | null;
  onExport: (format: AuditExportFormat) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const signed = useSignedDownload(
    () => auditApi.downloadSignedLog(),
    () => 'audit-trail.jsonl',
  );
  const busy = props.exporting !== null || signed.downloading !== null;
  const button = (format: AuditExportFormat, label: string) => (
    <button
      type="button"
      className="button button-secondary"
      aria-busy={props.exporting === format}
      disabled={busy}
      data-testid={`audit-export-${format}`}
      onClick={() => void props.onExport(format)}
    >
      {props.exporting === format && <Spinner />}
      <span>{label}</span>
    </button>
  );
  return (
    <div className="audit-exports">
      {button('csv', t('audit.export.csv'))}
      {button('json', t('audit.export.json'))}
      <BusyButton
        className="button button-secondary"
        label={t('inspection.auditExport')}
        busyLabel={t('inspection.exporting')}
        busy={signed.downloading !== null}
        disabled={busy}
        testId="audit-export-signed"
        onClick={() => void signed.download('audit')}
      />
    </div>
  );
}
