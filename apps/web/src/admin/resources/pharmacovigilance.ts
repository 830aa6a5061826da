// The pharmacovigilance resource of the back office: the report receivers (the spec's cached admin
// list), the reports a page at a time (guests send them during events: loaded on each visit), one report.
import { useQuery } from '@tanstack/react-query';
import { pharmacovigilanceApi } from '../adminApi.ts';
import { cachedListQuery, visitQuery } from './resourceQuery.ts';

type Page = { start: number; count: number };

export const pharmacovigilanceKeys = {
  all: ['pharmacovigilance'] as const,
  receivers: ['pharmacovigilance', 'receivers'] as const,
  reports: ['pharmacovigilance', 'reports'] as const,
  reportsPage: (page: Page) => ['pharmacovigilance', 'reports', page] as const,
  report: (id: number) => ['pharmacovigilance', 'report', id] as const,
};

export const useReceivers = () =>
  useQuery(
    cachedListQuery(pharmacovigilanceKeys.receivers, (signal) => pharmacovigilanceApi.receivers({ signal })),
  );

// The page shown stays until the next one arrives.
export const useReports = (page: Page) =>
  useQuery(
    visitQuery(
      pharmacovigilanceKeys.reportsPage(page),
      (signal) => pharmacovigilanceApi.reports(page, { signal }),
      {
        keepPrevious: true,
      },
    ),
  );

export const useReport = (id: number, enabled = true) =>
  useQuery(
    visitQuery(pharmacovigilanceKeys.report(id), (signal) => pharmacovigilanceApi.report(id, { signal }), {
      enabled,
    }),
  );
