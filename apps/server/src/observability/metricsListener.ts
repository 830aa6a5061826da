// GET /metrics: the instance's registry in Prometheus text format, on a listener of its own
// (METRICS_HOST:METRICS_PORT, loopback by default) so the application's port, which users and the load
// balancer reach, never shows it. Prometheus scrapes each instance there (docs/operations.md).
import Fastify, { type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export async function startMetricsListener(
  registry: Registry,
  where: { host: string; port: number },
): Promise<{ url: string; close(): Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.get('/metrics', async (_request, reply) => {
    const body = await registry.metrics();
    return reply.type(registry.contentType).send(body);
  });
  const url = await app.listen(where);
  return { url: `${url}/metrics`, close: () => app.close() };
}
