// The REST calls of the back office's pharmacovigilance pages (back-office spec 2.9 and 7): the lab's
// receivers of adverse-event reports, the reports filed from its rooms, a report's PDF.
import {
  type CreateReceiversRequest,
  pharmacovigilanceReceiverSchema,
  removedCountSchema,
  reportDetailSchema,
  reportListResponseSchema,
  type UpdateReceiverRequest,
} from '@lablive/domain';
import { z } from 'zod';
import { adminResource } from './adminResource.ts';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createPharmacovigilanceAdminApi(transport: Transport) {
  const calls = authorizedCalls(transport);
  const receivers = adminResource<typeof pharmacovigilanceReceiverSchema, never, UpdateReceiverRequest>(
    calls,
    '/api/pharmacovigilance-receiver',
    pharmacovigilanceReceiverSchema,
  );
  const reports = adminResource(calls, '/api/pharmacovigilance-report', reportDetailSchema);
  return {
    receivers: receivers.list,
    /** Several receivers at once: the answer lists them all. */
    addReceivers: (request: CreateReceiversRequest, options?: RequestOptions) =>
      calls.send(
        'POST',
        '/api/pharmacovigilance-receiver',
        request,
        z.array(pharmacovigilanceReceiverSchema),
        options,
      ),
    changeReceiver: receivers.change,
    removeReceivers: (ids: readonly number[], options?: RequestOptions) =>
      calls.send('POST', '/api/pharmacovigilance-remove-receivers', { ids }, removedCountSchema, options),
    /** A page of the lab's reports, newest first, with how many there are in all. */
    reports: (page: { start: number; count: number }, options?: RequestOptions) =>
      calls.get(
        `/api/pharmacovigilance-report?start=${page.start}&count=${page.count}`,
        reportListResponseSchema,
        options,
      ),
    report: reports.one,
    /** The report as a PDF. */
    reportPdf: (reportId: number, options?: RequestOptions) =>
      calls.download(`/api/pharmacovigilance-report/${reportId}/pdf`, options),
    removeReport: reports.remove,
    removeReports: reports.removeMany,
  };
}

export type PharmacovigilanceAdminApi = ReturnType<typeof createPharmacovigilanceAdminApi>;
