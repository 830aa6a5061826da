// Serves the medias' uploaded builds at /media-builds/<media>/<version>/<path>, outside /api and without
// a token: the room's stage loads them in an iframe, which cannot send one, and a version is 128 random
// bits, so only those shown the media find it. Only the media's current version is served (another
// answers 404), only regular files inside its folder, each with its type, its encoding for `.br`/`.gz`
// assets (decoded here for a client that does not take it), nosniff, and the sandboxing policy of
// medias/buildFiles.ts. The frame runs in an opaque origin: its own fetches of its files are cross-origin
// requests, answered with `Access-Control-Allow-Origin: *` (the files are no secret to the frame).
import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { MEDIA_BUILDS_PATH } from '@lablive/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.ts';
import { storedFilePath } from '../files/files.ts';
import {
  acceptsEncoding,
  BUILD_CONTENT_SECURITY_POLICY,
  BUILD_VERSION_PATTERN,
  buildPathSegments,
  buildVersionKey,
  servedAs,
} from '../medias/buildFiles.ts';
import { findServedBuild } from '../medias/medias.repository.ts';
import { problem } from './problems.ts';

const MEDIA_ID = /^[1-9][0-9]{0,15}$/;

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const body = problem(404, 'not_found', 'No such file in this media build.', request);
  return reply
    .status(404)
    .header('x-content-type-options', 'nosniff')
    .type('application/problem+json')
    .send(body);
}

/** The file a request names, if it is a regular file of the media's current build. */
async function buildFile(db: Db, filesDir: string, url: string) {
  const pathname = url.split('?')[0] ?? '';
  const [mediaId = '', version = '', ...rest] = pathname.slice(MEDIA_BUILDS_PATH.length).split('/');
  if (!MEDIA_ID.test(mediaId) || !BUILD_VERSION_PATTERN.test(version)) return undefined;
  const segments = buildPathSegments(rest.join('/'));
  if (segments === null) return undefined;
  const media = await findServedBuild(db, Number(mediaId), version);
  if (!media || media.lab_id === null) return undefined;
  const root = storedFilePath(filesDir, buildVersionKey(media.lab_id, media.id, version));
  const file = path.resolve(root, ...segments);
  if (!file.startsWith(root + path.sep)) return undefined;
  try {
    const info = await lstat(file);
    return info.isFile() ? { file, size: info.size, name: segments.join('/') } : undefined;
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
      return undefined;
    }
    throw error;
  }
}

export async function mediaBuildsRoutes(app: FastifyInstance, options: { db: Db; filesDir: string }) {
  app.get(`${MEDIA_BUILDS_PATH}:mediaId/:version/*`, { schema: { hide: true } }, async (request, reply) => {
    // The raw path, decoded segment by segment here: a `%2F` never becomes a folder separator.
    const found = await buildFile(options.db, options.filesDir, request.url);
    if (!found) return notFound(request, reply);
    const { contentType, encoding } = servedAs(found.name);
    reply
      .header('content-type', contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', BUILD_CONTENT_SECURITY_POLICY)
      .header('access-control-allow-origin', '*')
      .header('referrer-policy', 'no-referrer')
      // A version never changes: a new upload is a new address.
      .header('cache-control', 'public, max-age=31536000, immutable');
    let body: Readable = createReadStream(found.file);
    if (encoding !== null) {
      reply.header('vary', 'accept-encoding');
      if (acceptsEncoding(request.headers['accept-encoding'], encoding)) {
        reply.header('content-encoding', encoding).header('content-length', found.size);
      } else {
        body = body.pipe(encoding === 'br' ? createBrotliDecompress() : createGunzip());
      }
    } else {
      reply.header('content-length', found.size);
    }
    return reply.send(body);
  });
}
