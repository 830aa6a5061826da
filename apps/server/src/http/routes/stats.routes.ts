// The statistics and consumption calls (back-office spec 7, "Statistics and consumption"; 2.10, 2.11):
// the sessions chart, totals, poll and document rows, the closed sessions and a session's detail with
// its CSVs (module stats), the lab's consumption and its charts (permission view consumption). Who may
// call is the access table's; what they answer is the stats service's.
import {
  chartDataSchema,
  chartQuerySchema,
  closedEventPageSchema,
  documentStatsListSchema,
  eventStatsSchema,
  labConsumptionSchema,
  liveRoomStatsSchema,
  pageQuerySchema,
  pollStatsPageSchema,
  statsCsvQuerySchema,
  statsPeriodParamsSchema,
  statsTotalsSchema,
} from '@lablive/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { StatsService } from '../../stats/statsService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, idParams, principalAndId } from './routeHelpers.ts';

/** Names the answer a CSV file to save; said once the CSV is made, so a refusal is not a download. */
function csvFile(reply: FastifyReply, fileName: string, csv: string) {
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`);
  return csv;
}

const chart = {
  params: statsPeriodParamsSchema,
  querystring: chartQuerySchema,
  response: { 200: chartDataSchema },
};

export const statsRoutes = signedInPlugin((route, { stats }: { stats: StatsService }) => {
  // The three charts answer alike: a period, and how many of them back from now.
  const chartRoute = (url: string, chartOf: StatsService['sessionsChart']) =>
    route.get(url, chart, ({ principal }, request) =>
      chartOf(principal, request.params.period, request.query.count),
    );
  // An event's CSVs, saved as `{name}-{event id}.csv`, in the page's language or the reader's.
  const csvRoute = (url: string, name: string, csvOf: StatsService['pollsCsv']) =>
    route.get(
      url,
      { params: idParams, querystring: statsCsvQuerySchema, response: { 200: z.string() } },
      async (caller, request, reply) => {
        const locale = request.query.locale ?? caller.user.locale;
        return csvFile(
          reply,
          `${name}-${request.params.id}.csv`,
          await csvOf(caller, request.params.id, locale),
        );
      },
    );

  route.get('/stats/totals', { response: { 200: statsTotalsSchema } }, ({ principal }) =>
    stats.totals(principal),
  );
  route.get(
    '/stats/polls',
    { querystring: pageQuerySchema, response: { 200: pollStatsPageSchema } },
    ({ principal }, request) => stats.polls(principal, request.query),
  );
  route.get('/stats/documents', { response: { 200: documentStatsListSchema } }, ({ principal }) =>
    stats.documents(principal),
  );
  chartRoute('/stats/:period', stats.sessionsChart);
  route.get(
    '/events/find/closed',
    { querystring: pageQuerySchema, response: { 200: closedEventPageSchema } },
    ({ principal }, request) => stats.closedEvents(principal, request.query),
  );
  route.get('/events/:id/stats', byId({ 200: eventStatsSchema }), principalAndId(stats.eventStats));
  csvRoute('/events/:id/stats/attendance.csv', 'attendance', stats.attendanceCsv);
  csvRoute('/events/:id/stats/polls.csv', 'polls', stats.pollsCsv);
  csvRoute('/events/:id/stats/questions.csv', 'questions', stats.questionsCsv);
  route.get('/rooms/:id/stats', byId({ 200: liveRoomStatsSchema }), principalAndId(stats.liveRoomStats));
  route.get('/lab-consumption', { response: { 200: labConsumptionSchema } }, ({ principal }) =>
    stats.consumption(principal),
  );
  chartRoute('/chart-consumption/:period', stats.consumptionChart);
  chartRoute('/chart-credit-tracking/:period', stats.creditChart);
});
