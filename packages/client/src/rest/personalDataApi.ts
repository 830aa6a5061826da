// The REST calls behind the back office's personal data requests (GDPR, issue 32): everything the
// lab holds about an e-mail address, as JSON for machines or as a PDF for people (in the reader's
// language, dates in their zone), under the name the server gives the file (access, article 15); and
// the same person's data erased on their request, with the request as the reason (erasure, article 17).
// The server records each request in the audit trail.
import type { PersonalDataErasure, PersonalDataQuery } from '@lablive/domain';
import { z } from 'zod';
import { authorizedCalls } from './authorizedCalls.ts';
import type { DownloadedFile } from './contentDisposition.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

const count = z.number().int().nonnegative();

/** What an erasure did (the domain's `PersonalDataErasure`), checked as it arrives. */
const personalDataErasureAnswerSchema = z.object({
  erasureId: z.string(),
  erasedAt: z.string(),
  participations: count,
  accounts: count,
  keys: count,
  mails: count,
  keptReports: z.array(z.object({ id: z.number().int(), reference: z.string() })),
}) satisfies z.ZodType<PersonalDataErasure>;

export type PersonalDataFormat = PersonalDataQuery['format'];

/** How the PDF reads: its language and the zone its dates are told in (both the server's default if left out). */
export type PersonalDataReading = Pick<PersonalDataQuery, 'locale' | 'timeZone'>;

export function createPersonalDataApi(transport: Transport) {
  const { downloadNamed, send } = authorizedCalls(transport);
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
    /**
     * Erases what the lab holds about the address (its owner asked): the reason is the request (how and
     * when it came), required; the answer counts what was erased and names the reports kept on legal hold.
     */
    erase: (email: string, options: RequestOptions & { reason: string }): Promise<PersonalDataErasure> =>
      send('POST', '/api/personal-data/erasure', { email }, personalDataErasureAnswerSchema, options),
  };
}

export type PersonalDataApi = ReturnType<typeof createPersonalDataApi>;
