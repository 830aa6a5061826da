// A report's own page (/admin/pharma-report-detail/{id}; back-office spec 2.9): the whole report as
// filed, its PDF to download, and the way back to the list. The old product showed a placeholder here;
// a report that cannot be loaded says why, never sample data.
import type { ReportDetail } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner.tsx';
import { loadedOf } from '../../queries/loaded.ts';
import { LoadedView } from '../LoadedView.tsx';
import { TitledFailure } from '../LoadFailure.tsx';
import { useReport } from '../resources/pharmacovigilance.ts';
import { recordIdOf } from '../routeIds.ts';
import { ReportSheet } from './ReportSheet.tsx';
import { useReportPdf } from './useReportPdf.ts';

export function ReportDetailPage() {
  const reportId = recordIdOf(useParams().id);
  const { t } = useTranslation('admin');
  const state = loadedOf(useReport(reportId ?? 0, reportId !== null));
  if (reportId === null) return <Navigate to="/admin/pharma-report" replace />;
  return (
    <section className="admin-page" aria-labelledby="report-title">
      <p>
        <Link to="/admin/pharma-report">← {t('pharmacovigilance.backToReports')}</Link>
      </p>
      <LoadedView
        state={state}
        failed={(failure) => (
          <TitledFailure
            titleId="report-title"
            title={t('pharmacovigilance.title')}
            failure={failure}
            testId="report-error"
          />
        )}
      >
        {(report) => <Report report={report} />}
      </LoadedView>
    </section>
  );
}

function Report({ report }: { report: ReportDetail }) {
  const { t } = useTranslation('admin');
  const pdf = useReportPdf();
  const busy = pdf.downloading === report.id;
  return (
    <>
      <header className="admin-page-header">
        <h1 id="report-title">
          {t('pharmacovigilance.detailTitle', { reference: report.reference, drug: report.drug_name })}
        </h1>
        <button
          type="button"
          className="button button-primary"
          aria-busy={busy}
          disabled={busy}
          data-testid="report-detail-pdf"
          onClick={() => void pdf.download(report)}
        >
          {busy && <Spinner />}
          <span>{busy ? t('pharmacovigilance.downloading') : t('pharmacovigilance.downloadPdf')}</span>
        </button>
      </header>
      <ReportSheet report={report} />
    </>
  );
}
