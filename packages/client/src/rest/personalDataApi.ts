// The REST call behind the back office's personal data requests (GDPR access, issue 32): everything the
// lab holds about an e-mail address, as JSON for machines or as a PDF for people (in the reader's
// language, dates in their zone), under the name the server gives the file. The server records each
// request in the audit trail.
import type { PersonalDataQuery } from '@lablive/domain';
import { authorizedCalls } from './authorizedCalls.ts';
import type { DownloadedFile } from './contentDisposition.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export type PersonalDataFormat = PersonalDataQuery['format'];

/** How the PDF reads: its language and the zone its dates are told in (both the server's default if left out). */
export type PersonalDataReading = Pick<PersonalDataQuery, 'locale' | 'timeZone'>;

export function createPersonalDataApi(transport: Transport) {
  const { downloadNamed } = authorizedCalls(transport);
  return {
    /** The person's data as a file (`personal-data-YYYY-MM-DD.json|pdf`); a malformed address is a 400. */
    download: (
      email: string,
      format: PersonalDataFormat,
      reading: PersonalDataReading = {},
      options?: RequestOptions,
    ): Promise<DownloadedFile> => {
      const search = new URLSearchParams({ email, format });
      if (reading.locale !== undefined) search.append('locale', reading.locale);
      if (reading.timeZone !== undefined) search.append('timeZone', reading.timeZone);
      return downloadNamed(`/api/personal-data?${search.toString()}`, options);
    },
  };
}

export type PersonalDataApi = ReturnType<typeof createPersonalDataApi>;
