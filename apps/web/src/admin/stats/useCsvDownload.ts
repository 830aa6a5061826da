// Downloads a session's CSV (attendance, polls, questions): the call needs the session's token, so the file comes
// as a Blob handed to the browser; a failure says why in a toast. The file is written in the page's
// language (headers, roles, dates, numbers and the separator Excel expects there).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../components/saveBlob.ts';
import { useToast } from '../../components/toasts/useToast.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { statsApi } from '../adminApi.ts';

export type CsvKind = 'attendance' | 'polls' | 'questions';

export function useCsvDownload(load: (kind: CsvKind) => Promise<Blob>, fileName: (kind: CsvKind) => string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [downloading, setDownloading] = useState<CsvKind | null>(null);

  async function download(kind: CsvKind) {
    setDownloading(kind);
    try {
      saveBlob(await load(kind), fileName(kind));
    } catch (error) {
      toast.show({ title: describeFailure(t, toFailure(error)), tone: 'error' });
    } finally {
      setDownloading(null);
    }
  }

  return { download, downloading };
}

const CSV_CALLS = {
  attendance: statsApi.attendanceCsv,
  polls: statsApi.pollsCsv,
  questions: statsApi.questionsCsv,
} as const;

/** An event's CSV files, `attendance-{id}.csv`, `polls-{id}.csv`, `questions-{id}.csv`, in the page's language. */
export function useEventCsvDownload(eventId: number) {
  const locale = useLocale();
  return useCsvDownload(
    (kind) => CSV_CALLS[kind](eventId, locale),
    (kind) => `${kind}-${eventId}.csv`,
  );
}
