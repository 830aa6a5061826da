// The audit trail resource of the back office (issue 32): a page of entries for a search, loaded on each
// visit (entries are written with every change, so never the admin cache); the page shown stays until
// the next one arrives.
import type { AuditSearch } from '@lablive/client';
import { useQuery } from '@tanstack/react-query';
import { auditApi } from '../adminApi.ts';
import { visitQuery } from './resourceQuery.ts';

export const auditKeys = {
  all: ['audit'] as const,
  page: (search: AuditSearch) => ['audit', 'page', search] as const,
};

export const useAuditPage = (search: AuditSearch) =>
  useQuery(
    visitQuery(auditKeys.page(search), (signal) => auditApi.search(search, { signal }), {
      keepPrevious: true,
    }),
  );
