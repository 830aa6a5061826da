// The REST calls of the back office's Statistics, session detail and My consumption pages (back-office
// spec 2.10, 2.11 and 7): the lab's totals, its charts by day, week or month, poll and document figures,
// the closed sessions and one session's detail with its CSVs and each room's signed log, and the lab's
// consumption. Every answer is parsed with the domain's schema; the files come as Blobs (the call needs
// the session's token).
import {
  chartDataSchema,
  closedEventPageSchema,
  documentStatsListSchema,
  eventStatsSchema,
  type Locale,
  labConsumptionSchema,
  pollStatsPageSchema,
  type StatsPeriod,
  statsTotalsSchema,
} from '@lablive/domain';
import { authorizedCalls } from './authorizedCalls.ts';
import type { DownloadedFile } from './contentDisposition.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export type StatsPage = { start: number; count: number };

/** `?count=` when a bucket count is asked for; the server's default otherwise. */
const countQuery = (count: number | undefined) => (count === undefined ? '' : `?count=${count}`);
const pageQuery = (page: StatsPage) => `?start=${page.start}&count=${page.count}`;

export function createStatsApi(transport: Transport) {
  const { get, download: csv, downloadNamed } = authorizedCalls(transport);
  return {
    /** The lab's figures since its first session. */
    totals: (options?: RequestOptions) => get('/api/stats/totals', statsTotalsSchema, options),
    /** A page of the lab's polls with each answer's share of the voters. */
    polls: (page: StatsPage, options?: RequestOptions) =>
      get(`/api/stats/polls${pageQuery(page)}`, pollStatsPageSchema, options),
    /** Each document's shares in rooms and downloads. */
    documents: (options?: RequestOptions) => get('/api/stats/documents', documentStatsListSchema, options),
    /** Sessions per bucket, the last `count` buckets up to the current one. */
    sessionsChart: (period: StatsPeriod, count?: number, options?: RequestOptions) =>
      get(`/api/stats/${period}${countQuery(count)}`, chartDataSchema, options),
    /** A page of the lab's closed sessions, newest first. */
    closedEvents: (page: StatsPage, options?: RequestOptions) =>
      get(`/api/events/find/closed${pageQuery(page)}`, closedEventPageSchema, options),
    /** A session's detail: each room's sessions with who attended when, and its polls. */
    eventStats: (eventId: number, options?: RequestOptions) =>
      get(`/api/events/${eventId}/stats`, eventStatsSchema, options),
    /** Who attended when, as a CSV in `locale` (the page's language). */
    attendanceCsv: (eventId: number, locale: Locale, options?: RequestOptions) =>
      csv(`/api/events/${eventId}/stats/attendance.csv?locale=${locale}`, options),
    /** Each poll answer's votes, as a CSV in `locale`. */
    pollsCsv: (eventId: number, locale: Locale, options?: RequestOptions) =>
      csv(`/api/events/${eventId}/stats/polls.csv?locale=${locale}`, options),
    /** Every room's questions (who asked, votes, state), as a CSV in `locale`. */
    questionsCsv: (eventId: number, locale: Locale, options?: RequestOptions) =>
      csv(`/api/events/${eventId}/stats/questions.csv?locale=${locale}`, options),
    /**
     * A room's session log as a signed package for an inspector (`room-<id>-log.jsonl`, which
     * `lablive-verify` checks), under the name the server gives it.
     */
    roomLogExport: (roomId: number, options?: RequestOptions): Promise<DownloadedFile> =>
      downloadNamed(`/api/rooms/${roomId}/log/export`, options),
    /** The lab's plan and what its sessions consumed, in minutes. */
    consumption: (options?: RequestOptions) => get('/api/lab-consumption', labConsumptionSchema, options),
    /** Minutes consumed per bucket. */
    consumptionChart: (period: StatsPeriod, count?: number, options?: RequestOptions) =>
      get(`/api/chart-consumption/${period}${countQuery(count)}`, chartDataSchema, options),
    /** Minutes of the plan left at the end of each bucket. */
    creditChart: (period: StatsPeriod, count?: number, options?: RequestOptions) =>
      get(`/api/chart-credit-tracking/${period}${countQuery(count)}`, chartDataSchema, options),
  };
}

export type StatsApi = ReturnType<typeof createStatsApi>;
