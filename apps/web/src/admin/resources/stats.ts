// The statistics resource of the back office: figures that move with every session, so each is loaded on
// each visit (never the admin cache); one key per block, so each block loads and fails on its own.
import type { StatsPeriod } from '@lablive/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { statsApi } from '../adminApi.ts';
import { visitQuery } from './resourceQuery.ts';

type Page = { start: number; count: number };

/** The charts of the statistics pages, by name. */
export const STATS_CHARTS = {
  sessions: (period: StatsPeriod, signal: AbortSignal) =>
    statsApi.sessionsChart(period, undefined, { signal }),
  consumption: (period: StatsPeriod, signal: AbortSignal) =>
    statsApi.consumptionChart(period, undefined, { signal }),
  credit: (period: StatsPeriod, signal: AbortSignal) => statsApi.creditChart(period, undefined, { signal }),
} as const;
export type StatsChart = keyof typeof STATS_CHARTS;

export const statsKeys = {
  all: ['stats'] as const,
  totals: ['stats', 'totals'] as const,
  documents: ['stats', 'documents'] as const,
  consumption: ['stats', 'consumption'] as const,
  polls: ['stats', 'polls'] as const,
  chart: (chart: StatsChart, period: StatsPeriod) => ['stats', 'chart', chart, period] as const,
  closed: (page: Page) => ['stats', 'closed', page] as const,
  event: (id: number) => ['stats', 'event', id] as const,
};

export const useStatsTotals = () =>
  useQuery(visitQuery(statsKeys.totals, (signal) => statsApi.totals({ signal })));

export const useDocumentStats = () =>
  useQuery(visitQuery(statsKeys.documents, (signal) => statsApi.documents({ signal })));

export const useConsumption = () =>
  useQuery(visitQuery(statsKeys.consumption, (signal) => statsApi.consumption({ signal })));

export const useStatsChart = (chart: StatsChart, period: StatsPeriod) =>
  useQuery(
    visitQuery(statsKeys.chart(chart, period), (signal) => STATS_CHARTS[chart](period, signal), {
      keepPrevious: true,
    }),
  );

export const useClosedSessions = (page: Page) =>
  useQuery(
    visitQuery(statsKeys.closed(page), (signal) => statsApi.closedEvents(page, { signal }), {
      keepPrevious: true,
    }),
  );

export const useEventStats = (id: number, enabled = true) =>
  useQuery(visitQuery(statsKeys.event(id), (signal) => statsApi.eventStats(id, { signal }), { enabled }));

/** The lab's polls with their answers, `POLLS_PER_LOAD` at a time ("Show more" asks for the next ones). */
export const useStatsPolls = (perLoad: number) =>
  useInfiniteQuery({
    queryKey: statsKeys.polls,
    queryFn: ({ signal, pageParam }) => statsApi.polls({ start: pageParam, count: perLoad }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((count, page) => count + page.items.length, 0);
      return shown < last.total && last.items.length > 0 ? shown : undefined;
    },
  });
