// A report's own page (/admin/pharma-report-detail/{id}; back-office spec 2.9): the whole report as
// filed, its electronic signature (issue 32), its PDF to download, and the way back to the list. The
// old product showed a placeholder here; a report that cannot be loaded says why, never sample data.
import type { ReportDetail } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { RecordPage } from '../RecordRoutes.tsx';
import { useReport } from '../resources/pharmacovigilance.ts';
import { ReportSheet } from './ReportSheet.tsx';
import { ReportSignature } from './ReportSignature.tsx';
import { useReportPdf } from './useReportPdf.ts';

export function ReportDetailPage() {
  const { t } = useTranslation('admin');
  return (
    <RecordPage
      param="id"
      useRecord={useReport}
      back={{ to: '/admin/pharma-report', label: t('pharmacovigilance.backToReports') }}
      titleId="report-title"
      fallbackTitle={t('pharmacovigilance.title')}
      errorTestId="report-error"
    >
      {(report) => <Report report={report} />}
    </RecordPage>
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
      <ReportSignature signature={report.signature} />
    </>
  );
}
