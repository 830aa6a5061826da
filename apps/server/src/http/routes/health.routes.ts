// GET /api/health: whether this instance can reach its database and bus (for people and load balancers).
import { healthResponseSchema } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

export type HealthOptions = {
  db: Db;
  busKind: () => 'in-process' | 'nats';
  busHealthy: () => boolean;
  version: string;
};

export async function healthRoutes(instance: FastifyInstance, options: HealthOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_, reply) => {
      const database = await sql`SELECT 1`.execute(options.db).then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      );
      const bus = options.busHealthy() ? options.busKind() : ('unreachable' as const);
      const status = database === 'ok' && bus !== 'unreachable' ? ('ok' as const) : ('degraded' as const);
      return reply
        .status(status === 'ok' ? 200 : 503)
        .send({ status, database, bus, version: options.version });
    },
  );
}
