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
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createPharmacovigilanceAdminApi(transport: Transport) {
  const { get, send, remove } = authorizedCalls(transport);
  return {
    receivers: (options?: RequestOptions) =>
      get('/api/pharmacovigilance-receiver', z.array(pharmacovigilanceReceiverSchema), options),
    addReceivers: (request: CreateReceiversRequest, options?: RequestOptions) =>
      send(
        'POST',
        '/api/pharmacovigilance-receiver',
        request,
        z.array(pharmacovigilanceReceiverSchema),
        options,
      ),
    changeReceiver: (receiverId: number, change: UpdateReceiverRequest, options?: RequestOptions) =>
      send(
        'PUT',
        `/api/pharmacovigilance-receiver/${receiverId}`,
        change,
        pharmacovigilanceReceiverSchema,
        options,
      ),
    removeReceivers: (ids: readonly number[], options?: RequestOptions) =>
      send('POST', '/api/pharmacovigilance-remove-receivers', { ids }, removedCountSchema, options),
    /** A page of the lab's reports, newest first, with how many there are in all. */
    reports: (page: { start: number; count: number }, options?: RequestOptions) =>
      get(
        `/api/pharmacovigilance-report?start=${page.start}&count=${page.count}`,
        reportListResponseSchema,
        options,
      ),
    report: (reportId: number, options?: RequestOptions) =>
      get(`/api/pharmacovigilance-report/${reportId}`, reportDetailSchema, options),
    /** The report as a PDF (the call needs the session's token, which a plain link cannot carry). */
    reportPdf: (reportId: number, options: RequestOptions = {}): Promise<Blob> =>
      transport.blob({
        method: 'GET',
        path: `/api/pharmacovigilance-report/${reportId}/pdf`,
        auth: true,
        signal: options.signal,
      }),
    removeReport: (reportId: number, options?: RequestOptions) =>
      remove(`/api/pharmacovigilance-report/${reportId}`, options),
    removeReports: (ids: readonly number[], options?: RequestOptions) =>
      send('POST', '/api/pharmacovigilance-report/delete-multiple', { ids }, removedCountSchema, options),
  };
}

export type PharmacovigilanceAdminApi = ReturnType<typeof createPharmacovigilanceAdminApi>;
