// The pharmacovigilance resource of the back office: the report receivers (the spec's cached admin
// list), the reports a page at a time (guests send them during events: loaded on each visit), one report.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_STALE_MS } from '../../queries/queryClient.ts';
import { pharmacovigilanceApi } from '../adminApi.ts';

type Page = { start: number; count: number };

export const pharmacovigilanceKeys = {
  all: ['pharmacovigilance'] as const,
  receivers: ['pharmacovigilance', 'receivers'] as const,
  reports: ['pharmacovigilance', 'reports'] as const,
  reportsPage: (page: Page) => ['pharmacovigilance', 'reports', page] as const,
  report: (id: number) => ['pharmacovigilance', 'report', id] as const,
};

export const useReceivers = () =>
  useQuery({
    queryKey: pharmacovigilanceKeys.receivers,
    queryFn: ({ signal }) => pharmacovigilanceApi.receivers({ signal }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

export const useReports = (page: Page) =>
  useQuery({
    queryKey: pharmacovigilanceKeys.reportsPage(page),
    queryFn: ({ signal }) => pharmacovigilanceApi.reports(page, { signal }),
    // The page shown stays until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useReport = (id: number, enabled = true) =>
  useQuery({
    queryKey: pharmacovigilanceKeys.report(id),
    queryFn: ({ signal }) => pharmacovigilanceApi.report(id, { signal }),
    enabled,
  });
