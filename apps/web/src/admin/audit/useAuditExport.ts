// The audit trail's exports (issue 32): the entries the current search finds, as CSV (in the page's
// language, times in the reader's zone) or JSON, downloaded as a file (the call needs the session's
// token, so the file comes as a Blob). Exporting is itself recorded in the trail. A failure says why in
// a toast.
import type { AuditFilter } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../components/saveBlob.ts';
import { useToast } from '../../components/toasts/useToast.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { auditApi } from '../adminApi.ts';

export type AuditExportFormat = 'csv' | 'json';

/** Today in `timeZone` as YYYY-MM-DD (en-CA writes days that way), for the file's name. */
const dayIn = (timeZone: string, now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

export function useAuditExport(filter: AuditFilter, timeZone: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const locale = useLocale();
  const [exporting, setExporting] = useState<AuditExportFormat | null>(null);

  async function download(format: AuditExportFormat) {
    setExporting(format);
    try {
      const file = await auditApi.export({ ...filter, format, locale, timeZone });
      saveBlob(file, `audit-trail-${dayIn(timeZone, new Date())}.${format}`);
    } catch (error) {
      toast.show({ title: describeFailure(t, toFailure(error)), tone: 'error' });
    } finally {
      setExporting(null);
    }
  }

  return { download, exporting };
}
