// Downloads a person's data for a GDPR request (issue 32): the call needs the session's token, so the
// file comes as a Blob, saved under the name the server gives it (`personal-data-<day>.json|pdf`). The
// PDF is asked in the page's language and the reader's time zone. What came of the last download is
// kept for the page to say: the file saved, or why it failed (an address the server refused is the
// field's error, for the form to show beside it).
import { isApiError, type PersonalDataFormat } from '@lablive/client';
import { useState } from 'react';
import { saveBlob } from '../../components/saveBlob.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { personalDataApi } from '../adminApi.ts';

export type PersonalDataOutcome =
  | { type: 'none' }
  | { type: 'saved'; fileName: string; email: string }
  | { type: 'failed'; failure: Failure };

/** The refusal of the address itself (a 400 naming the field), as the server words it; else null. */
function refusedAddress(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.namedFields.find((field) => field.field === 'email')?.message ?? null;
}

export function usePersonalDataDownload(timeZone: string) {
  const locale = useLocale();
  const [downloading, setDownloading] = useState<PersonalDataFormat | null>(null);
  const [outcome, setOutcome] = useState<PersonalDataOutcome>({ type: 'none' });

  /** Saves the file; resolves with the server's words when it refused the address, else null. */
  async function download(email: string, format: PersonalDataFormat): Promise<string | null> {
    setDownloading(format);
    setOutcome({ type: 'none' });
    try {
      const file = await personalDataApi.download(email, format, { locale, timeZone });
      const fileName = file.fileName ?? `personal-data.${format}`;
      saveBlob(file.blob, fileName);
      setOutcome({ type: 'saved', fileName, email });
      return null;
    } catch (error) {
      const refused = refusedAddress(error);
      if (refused === null) setOutcome({ type: 'failed', failure: toFailure(error) });
      return refused;
    } finally {
      setDownloading(null);
    }
  }

  return { download, downloading, outcome };
}
