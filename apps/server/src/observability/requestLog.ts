// What the server says about each HTTP request. Fastify's default is two lines a request at `info`
// ("incoming request", "request completed"), which on a page load (a dozen static files, the API calls,
// the health checks of a load balancer every few seconds) pushes the start banner's accounts off the
// screen. Here: one line per API request at `info` once it is answered; static files of the web app and
// health checks only at `debug`, as is the incoming line; failures as Fastify logs them (`error`).
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '';

/** The web app's files and the readiness probes: many, and never news. */
export function isRoutineRequest(request: FastifyRequest): boolean {
  const pathname = pathOf(request);
  if (pathname.startsWith('/api/health')) return true;
  return !(pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/ws'));
}

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const line = `${request.method} ${pathOf(request)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (isRoutineRequest(request)) reply.log.debug({ res: reply }, line);
    else reply.log.info({ res: reply, responseTime: reply.elapsedTime }, line);
  }
}
