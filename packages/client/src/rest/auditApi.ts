// The REST calls of the back office's audit trail (issue 32): a page of entries, newest first, found by
// who, what and when (AuditQuery), and the entries so found as a file (CSV in the reader's language,
// times in their zone; or JSON), and the whole trail signed for an inspector (the ledger's JSON Lines
// package, which `lablive-verify` checks). Read only: nothing here changes an entry.
import { type AuditExportQuery, type AuditPage, type AuditQuery, auditPageSchema } from '@lablive/domain';
import { authorizedCalls } from './authorizedCalls.ts';
import type { DownloadedFile } from './contentDisposition.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

type QueryValue = string | number | undefined;

/** `?a=1&b=x`: the parameters given, in their order, each encoded; blank ones left out. */
function queryString(parameters: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value === undefined || value === '') continue;
    search.append(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export type AuditSearch = Partial<AuditQuery>;

export function createAuditApi(transport: Transport) {
  const { get, download, downloadNamed } = authorizedCalls(transport);
  return {
    /** A page of the entries that match, newest first, with how many match in all. */
    search: (query: AuditSearch, options?: RequestOptions): Promise<AuditPage> =>
      get(`/api/audit${queryString(query)}`, auditPageSchema, options),
    /** The entries that match as a file: `format` csv or json, `locale` the CSV's language. */
    export: (query: AuditExportQuery, options?: RequestOptions): Promise<Blob> =>
      download(`/api/audit/export${queryString(query)}`, options),
    /**
     * The lab's whole audit trail as a signed package for an inspector (`audit-trail-lab-<id>.jsonl`),
     * under the name the server gives it. Exporting is itself recorded in the trail.
     */
    downloadSignedLog: (options?: RequestOptions): Promise<DownloadedFile> =>
      downloadNamed('/api/audit/log/export', options),
  };
}

export type AuditApi = ReturnType<typeof createAuditApi>;
