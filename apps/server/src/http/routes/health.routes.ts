// Health for people and load balancers. GET /api/health: whether this instance reaches its database and
// bus. GET /api/health/live: the process answers (restart it if not; never depends on the database, so
// an outage of PostgreSQL does not restart every instance). GET /api/health/ready: whether the load
// balancer should send it new sockets: not draining, database, bus and room leases all up.
import { healthResponseSchema } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';

export type HealthOptions = {
  db: Db;
  busKind: () => 'in-process' | 'nats';
  busHealthy: () => boolean;
  version: string;
  /** True while the instance drains: readiness answers 503 first of all. */
  draining?: () => boolean;
  /** Whether the lease connection is open (the instance can take rooms). */
  leasesHealthy?: () => boolean;
};

const up = z.enum(['ok', 'unreachable']);
const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  draining: z.boolean(),
  database: up,
  bus: up,
  leases: up,
});
const livenessSchema = z.object({ status: z.literal('ok') });

/** A database that does not answer within this is as good as down for a load balancer's check. */
const DATABASE_CHECK_MS = 2_000;

export async function healthRoutes(instance: FastifyInstance, options: HealthOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const databaseAnswers = async (): Promise<'ok' | 'unreachable'> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'unreachable'>((resolve) => {
      timer = setTimeout(() => resolve('unreachable'), DATABASE_CHECK_MS);
    });
    const query = sql`SELECT 1`.execute(options.db).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_, reply) => {
      const database = await databaseAnswers();
      const bus = options.busHealthy() ? options.busKind() : ('unreachable' as const);
      const status = database === 'ok' && bus !== 'unreachable' ? ('ok' as const) : ('degraded' as const);
      return reply
        .status(status === 'ok' ? 200 : 503)
        .send({ status, database, bus, version: options.version });
    },
  );

  app.get('/health/live', { schema: { response: { 200: livenessSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/health/ready',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_, reply) => {
      const draining = options.draining?.() ?? false;
      // A draining instance answers at once, without asking the database.
      const database = draining ? ('ok' as const) : await databaseAnswers();
      const bus = options.busHealthy() ? ('ok' as const) : ('unreachable' as const);
      const leases = (options.leasesHealthy?.() ?? true) ? ('ok' as const) : ('unreachable' as const);
      const ready = !draining && database === 'ok' && bus === 'ok' && leases === 'ok';
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', draining, database, bus, leases });
    },
  );
}
