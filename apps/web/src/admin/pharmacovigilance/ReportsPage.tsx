// The Reports tab (/admin/pharma-report; back-office spec 2.9): the adverse-event reports filed in the
// lab's rooms, newest first, a page at a time from the server (5, 15, 30 or 50 a page). A row opens
// under itself (550 px: the form as filed and its detail), links to its page, downloads its PDF; deleted
// reports (archived: the server keeps them, with who deleted them) leave the list.
import { REPORT_PAGE_SIZES, type ReportSummary } from '@lablive/domain';
import type { PaginationState } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/Spinner.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { useFormat } from '../../format/useFormat.ts';
import { loadedOf, useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { pharmacovigilanceApi } from '../adminApi.ts';
import { LoadedView } from '../LoadedView.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { useOptimisticRows } from '../list/useOptimisticRows.ts';
import { pharmacovigilanceKeys, useReport, useReports } from '../resources/pharmacovigilance.ts';
import { PharmacovigilanceTabs } from './PharmacovigilanceTabs.tsx';
import { ReportSheet } from './ReportSheet.tsx';
import { useReportPdf } from './useReportPdf.ts';

export function ReportsPage() {
  const [page, setPage] = useState<PaginationState>({ pageIndex: 0, pageSize: REPORT_PAGE_SIZES[0] });
  const { state } = useLoadedQuery(
    useReports({ start: page.pageIndex * page.pageSize, count: page.pageSize }),
  );
  const invalidate = useInvalidate();
  // Removed reports leave room on the page for the next ones: the pages load again.
  const reload = () => invalidate.refresh(pharmacovigilanceKeys.reports);
  return (
    <section className="admin-page" aria-labelledby="pharmacovigilance-title">
      <PharmacovigilanceTabs />
      <LoadedView state={state} errorTestId="reports-error">
        {({ items, total }) => (
          <Reports items={items} total={total} page={page} onPageChange={setPage} onRemoved={reload} />
        )}
      </LoadedView>
    </section>
  );
}

function Reports(props: {
  items: readonly ReportSummary[];
  total: number;
  page: PaginationState;
  onPageChange: (page: PaginationState) => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const toast = useToast();
  const list = useOptimisticRows(props.items, (report) => String(report.id));
  const pdf = useReportPdf();
  return (
    <AdminList<ReportSummary>
      label={t('pharmacovigilance.reports')}
      testId="reports"
      rows={list.rows}
      rowId={(report) => String(report.id)}
      rowName={(report) => report.reference}
      pageSizes={REPORT_PAGE_SIZES}
      serverPaging={{ total: props.total, page: props.page, onPageChange: props.onPageChange }}
      empty={t('pharmacovigilance.noReports')}
      columns={[
        {
          id: 'reference',
          header: t('pharmacovigilance.reference'),
          narrow: true,
          cell: (report) => (
            <Link
              to={`/admin/pharma-report-detail/${report.id}`}
              aria-label={t('pharmacovigilance.open', { reference: report.reference })}
              data-testid="report-link"
            >
              {report.reference}
            </Link>
          ),
        },
        { id: 'user', header: t('pharmacovigilance.user'), cell: (report) => report.username },
        {
          id: 'date',
          header: t('pharmacovigilance.date'),
          narrow: true,
          cell: (report) => format.day(report.date),
        },
        { id: 'session', header: t('pharmacovigilance.session'), cell: (report) => report.session_name },
        { id: 'drug', header: t('pharmacovigilance.drug'), cell: (report) => report.drug_name },
      ]}
      expanded={(report) => <ExpandedReport id={report.id} />}
      rowActions={(report) => (
        <button
          type="button"
          className="button button-secondary button-small"
          aria-label={t('pharmacovigilance.downloadPdfOf', { reference: report.reference })}
          aria-busy={pdf.downloading === report.id}
          disabled={pdf.downloading === report.id}
          data-testid="report-pdf"
          onClick={() => void pdf.download(report)}
        >
          {pdf.downloading === report.id ? <Spinner /> : 'PDF'}
        </button>
      )}
      onRemove={async (ids, reason) => {
        await list.remove(ids, () => pharmacovigilanceApi.removeReports(ids.map(Number), { reason }));
        toast.show({ title: t('pharmacovigilance.reportsRemoved', { count: ids.length }), tone: 'success' });
        props.onRemoved();
      }}
    />
  );
}

/** The report under its row: loaded when opened. */
function ExpandedReport({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const state = loadedOf(useReport(id));
  return (
    <div className="report-panel">
      {state.status === 'loading' && (
        <p className="muted" role="status">
          <Spinner /> {t('pharmacovigilance.loadingDetail')}
        </p>
      )}
      {state.status === 'failed' && <LoadFailure failure={state.failure} testId="report-error" />}
      {state.status === 'loaded' && <ReportSheet report={state.value} />}
    </div>
  );
}
