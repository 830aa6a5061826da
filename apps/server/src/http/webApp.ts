// Serves the built web app (apps/web/dist) on the server's own port: static files, and index.html for
// the client-side routes, so a reload of /room/12 works.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  app.get('/*', (request, reply) => {
    // Hashed assets are served by the static handler; anything else that looks like a file is missing.
    if (path.extname(request.url.split('?')[0] ?? '') !== '') {
      return reply.callNotFound();
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
