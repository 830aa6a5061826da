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
  statsPeriodParamsSchema,
  statsTotalsSchema,
} from '@lablive/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { StatsService } from '../../stats/statsService.ts';
import { idParams } from './routeHelpers.ts';

function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}

export async function statsRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; stats: StatsService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, stats } = options;
  const principalOf = async (request: FastifyRequest) =>
    (await authenticator.authenticate(request)).principal;
  const chart = {
    params: statsPeriodParamsSchema,
    querystring: chartQuerySchema,
    response: { 200: chartDataSchema },
  };

  app.get('/stats/totals', { schema: { response: { 200: statsTotalsSchema } } }, async (request) =>
    stats.totals(await principalOf(request)),
  );
  app.get(
    '/stats/polls',
    { schema: { querystring: pageQuerySchema, response: { 200: pollStatsPageSchema } } },
    async (request) => stats.polls(await principalOf(request), request.query),
  );
  app.get('/stats/documents', { schema: { response: { 200: documentStatsListSchema } } }, async (request) =>
    stats.documents(await principalOf(request)),
  );
  app.get('/stats/:period', { schema: chart }, async (request) =>
    stats.sessionsChart(await principalOf(request), request.params.period, request.query.count),
  );
  app.get(
    '/events/find/closed',
    { schema: { querystring: pageQuerySchema, response: { 200: closedEventPageSchema } } },
    async (request) => stats.closedEvents(await principalOf(request), request.query),
  );
  app.get(
    '/events/:id/stats',
    { schema: { params: idParams, response: { 200: eventStatsSchema } } },
    async (request) => stats.eventStats(await principalOf(request), request.params.id),
  );
  app.get(
    '/events/:id/stats/attendance.csv',
    { schema: { params: idParams, response: { 200: z.string() } } },
    async (request, reply) =>
      sendCsv(
        reply,
        `attendance-${request.params.id}.csv`,
        await stats.attendanceCsv(await principalOf(request), request.params.id),
      ),
  );
  app.get(
    '/events/:id/stats/polls.csv',
    { schema: { params: idParams, response: { 200: z.string() } } },
    async (request, reply) =>
      sendCsv(
        reply,
        `polls-${request.params.id}.csv`,
        await stats.pollsCsv(await principalOf(request), request.params.id),
      ),
  );
  app.get(
    '/rooms/:id/stats',
    { schema: { params: idParams, response: { 200: liveRoomStatsSchema } } },
    async (request) => stats.liveRoomStats(await principalOf(request), request.params.id),
  );
  app.get('/lab-consumption', { schema: { response: { 200: labConsumptionSchema } } }, async (request) =>
    stats.consumption(await principalOf(request)),
  );
  app.get('/chart-consumption/:period', { schema: chart }, async (request) =>
    stats.consumptionChart(await principalOf(request), request.params.period, request.query.count),
  );
  app.get('/chart-credit-tracking/:period', { schema: chart }, async (request) =>
    stats.creditChart(await principalOf(request), request.params.period, request.query.count),
  );
}
