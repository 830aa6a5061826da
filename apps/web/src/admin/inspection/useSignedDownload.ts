// Downloads a signed export for an inspector (the audit trail's, a room's log): the call needs the
// session's token, so the file comes as a Blob, saved under the name the server gives it (the
// verifier's report names it), else `fallbackName`. A failure says why in a toast.
import type { DownloadedFile } from '@lablive/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../components/saveBlob.ts';
import { useToast } from '../../components/toasts/useToast.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';

/** `key` tells the downloads of one page apart (a room's id); null while none runs. */
export function useSignedDownload<K extends string | number>(
  load: (key: K) => Promise<DownloadedFile>,
  fallbackName: (key: K) => string,
) {
  const { t } = useTranslation();
  const toast = useToast();
  const [downloading, setDownloading] = useState<K | null>(null);

  async function download(key: K) {
    setDownloading(key);
    try {
      const file = await load(key);
      saveBlob(file.blob, file.fileName ?? fallbackName(key));
    } catch (error) {
      toast.show({ title: describeFailure(t, toFailure(error)), tone: 'error' });
    } finally {
      setDownloading(null);
    }
  }

  return { download, downloading };
}
