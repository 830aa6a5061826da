// GET /metrics: the instance's registry in Prometheus text format. Served on the instance's own port for
// Prometheus to scrape each instance; the load balancer does not expose it (infra/haproxy.cfg).
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export function registerMetricsRoute(app: FastifyInstance, registry: Registry): void {
  app.get('/metrics', async (_request, reply) => {
    const body = await registry.metrics();
    return reply.type(registry.contentType).send(body);
  });
}
