// Serves the built web app (apps/web/dist) on the server's own port: static files, and index.html for
// the client-side routes, so a reload of /room/12 works. Paths under /api are never the web app's.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { problem } from './problems.ts';

export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A path under /api that is no route is a missing API call, answered as the API answers it.
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      const body = problem(404, 'not_found', `No route ${request.method} ${pathname}.`, request);
      return reply.status(404).type('application/problem+json').send(body);
    }
    // Hashed assets are served by the static handler; anything else that looks like a file is missing.
    if (path.extname(pathname) !== '') {
      return reply.callNotFound();
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
