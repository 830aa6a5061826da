// Downloads a report's PDF (made by the server, the form to forward to the authorities). The call needs
// the session's token, so the file comes as a Blob handed to the browser; a failure says why in a toast.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../components/saveBlob.ts';
import { useToast } from '../../components/toasts/useToast.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { pharmacovigilanceApi } from '../adminApi.ts';

export function useReportPdf() {
  const { t } = useTranslation();
  const toast = useToast();
  const [downloading, setDownloading] = useState<number | null>(null);

  async function download(report: { id: number; reference: string }) {
    setDownloading(report.id);
    try {
      saveBlob(await pharmacovigilanceApi.reportPdf(report.id), `${report.reference}.pdf`);
    } catch (error) {
      toast.show({ title: describeFailure(t, toFailure(error)), tone: 'error' });
    } finally {
      setDownloading(null);
    }
  }

  return { download, downloading };
}
