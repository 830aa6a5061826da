// Serves the built web app (apps/web/dist) on the server's own port: static files, and index.html for
// the client-side routes, so a reload of /room/12 works. Paths under /api are never the web app's.
// Vite names the files under assets/ by their content's hash, so a browser may keep them for a year
// without asking again (a new release has new names); everything else, index.html first, is revalidated
// on each visit so a release is seen at once. The build writes brotli and gzip copies beside each file
// (apps/web/build/precompress.ts), sent to browsers that accept them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { problem } from './problems.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const isHashedAsset = (distDir: string, filePath: string) =>
  path.relative(distDir, filePath).split(path.sep)[0] === 'assets';

export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', isHashedAsset(distDir, filePath) ? IMMUTABLE : REVALIDATE);
    },
  });
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
    return reply.type('text/html').sendFile('index.html');
  });
  return true;
}
