// The audit trail page's search, kept in the page's address (`/admin/audit?who=ada&action=delete`) so a
// search can be reloaded, bookmarked or sent to a colleague: read back field by field with the domain's
// schema (a field that does not parse is left out, not the whole search), and turned into the API's
// query with the reader's zone (the zone its days are read in) and the page asked for.
import type { AuditSearch } from '@lablive/client';
import { type AuditFilter, auditFilterSchema } from '@lablive/domain';

/** The filters the form has, as it holds them ('' for none). */
export const AUDIT_FILTER_FIELDS = [
  'who',
  'recordType',
  'action',
  'recordId',
  'field',
  'from',
  'to',
] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];
export type AuditFilterValues = Record<AuditFilterField, string>;

export const NO_FILTER: AuditFilterValues = {
  who: '',
  recordType: '',
  action: '',
  recordId: '',
  field: '',
  from: '',
  to: '',
};

/** How many filters are set (a search's days from and to count as two): the phone's Search button says it. */
export function activeFilterCount(values: AuditFilterValues): number {
  return AUDIT_FILTER_FIELDS.filter((name) => values[name].trim() !== '').length;
}

/** The page sizes of the list (the API answers at most 100 a page). */
export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

/** The filters an address holds; one that does not parse is left empty. */
export function filterOfParams(params: URLSearchParams): AuditFilterValues {
  const values = { ...NO_FILTER };
  for (const name of AUDIT_FILTER_FIELDS) {
    const raw = params.get(name);
    if (raw === null) continue;
    const parsed = auditFilterSchema.shape[name].safeParse(raw);
    if (parsed.success && typeof parsed.data === 'string') values[name] = parsed.data;
  }
  return values;
}

/** The address's parameters of the filters set (the empty ones left out), in the form's order. */
export function paramsOfFilter(values: AuditFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTER_FIELDS) {
    const value = values[name].trim();
    if (value !== '') params.set(name, value);
  }
  return params;
}

/** The filters set, with the zone the days are read in (the API's AuditFilter). */
export function apiFilter(values: AuditFilterValues, timeZone: string): AuditFilter {
  const filter: Record<string, string> = { timeZone };
  for (const name of AUDIT_FILTER_FIELDS) {
    const value = values[name].trim();
    if (value !== '') filter[name] = value;
  }
  // Every field parses on its own (filterOfParams); together they make an AuditFilter.
  const parsed = auditFilterSchema.safeParse(filter);
  return parsed.success ? parsed.data : { timeZone };
}

/** The API's search for one page of the list. */
export function auditSearch(
  values: AuditFilterValues,
  timeZone: string,
  page: { pageIndex: number; pageSize: number },
): AuditSearch {
  return { ...apiFilter(values, timeZone), start: page.pageIndex * page.pageSize, count: page.pageSize };
}
