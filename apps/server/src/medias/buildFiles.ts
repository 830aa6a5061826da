// Where a media's build lives and how its files are served: DATA_DIR/files/medias/<lab>/<media>/<version>/,
// served at /media-builds/<media>/<version>/<path>. A file's type comes from its name (the build is the
// lab's own content, run in a sandbox); a precompressed asset (`game.wasm.br`, `data.json.gz`, as Unity
// WebGL builds ship them) is served with its Content-Encoding and the type of the file inside, or
// decoded here for a client that does not accept that encoding. Every answer carries nosniff and the
// policy below, which runs the build in an opaque origin even when opened outside the room's frame.
import { randomBytes } from 'node:crypto';
import { hasNoControlCharacters, MEDIA_BUILDS_PATH } from '@lablive/domain';

/** The store's folder of a media's files, and of one version of its build. */
export const mediaFilesKey = (labId: number, mediaId: number): string => `medias/${labId}/${mediaId}`;
export const buildVersionKey = (labId: number, mediaId: number, version: string): string =>
  `${mediaFilesKey(labId, mediaId)}/${version}`;

/** A new version's id: 128 random bits in hex, so a build's address cannot be guessed. */
export const newBuildVersion = (): string => randomBytes(16).toString('hex');

export const BUILD_VERSION_PATTERN = /^[0-9a-f]{32}$/;

/** Where the stage loads a version of a build (its index.html, at the root of the version's folder). */
export const buildUrl = (mediaId: number, version: string): string =>
  `${MEDIA_BUILDS_PATH}${mediaId}/${version}/index.html`;

/**
 * The policy of every file of a build. `sandbox` (without allow-same-origin) gives the page an opaque
 * origin: it cannot read the platform's storage or cookies, nor call the API as the person watching,
 * even if someone opens its address directly. Scripts, WebAssembly, workers and its own files are
 * allowed (games need them); nothing is fetched from elsewhere (a media that needs other servers is
 * an embedded page at its own address); only the platform's pages may frame it.
 */
export const BUILD_CONTENT_SECURITY_POLICY = [
  'sandbox allow-scripts allow-forms allow-popups allow-pointer-lock',
  "default-src 'self' data: blob:",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml',
  vtt: 'text/vtt; charset=utf-8',
  wasm: 'application/wasm',
  // Unity's data, its decompression-fallback files, and other binaries.
  data: 'application/octet-stream',
  bin: 'application/octet-stream',
  unityweb: 'application/octet-stream',
  mem: 'application/octet-stream',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  pdf: 'application/pdf',
};

const ENCODINGS = { br: 'br', gz: 'gzip' } as const;
export type BuildEncoding = (typeof ENCODINGS)[keyof typeof ENCODINGS];

const extensionOf = (name: string): string => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

/** How a file of a build is served: its content type and, for a `.br` or `.gz` asset, its encoding. */
export function servedAs(name: string): { contentType: string; encoding: BuildEncoding | null } {
  const extension = extensionOf(name);
  const encoding = extension === 'br' || extension === 'gz' ? ENCODINGS[extension] : null;
  const inner = encoding === null ? extension : extensionOf(name.slice(0, name.lastIndexOf('.')));
  if (encoding !== null && inner === '') {
    // A lone archive (`backup.gz`) is a file to download as it is, not an encoding of another.
    return {
      contentType: encoding === 'gzip' ? 'application/gzip' : 'application/octet-stream',
      encoding: null,
    };
  }
  return { contentType: TYPES[inner] ?? 'application/octet-stream', encoding };
}

/** Whether the request's Accept-Encoding takes `encoding` (by name or `*`, with a weight above 0). */
export function acceptsEncoding(header: string | undefined, encoding: BuildEncoding): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name !== encoding && name !== '*') continue;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    if (weight === undefined || Number(weight.slice(2)) > 0) return true;
  }
  return false;
}

/**
 * The path a request names inside a build, as segments; null for anything but plain names (an encoded
 * slash or backslash, `..`, `.`, an empty segment, a control character). A folder means its index.html.
 */
export function buildPathSegments(rest: string): string[] | null {
  const raw = rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest;
  const segments: string[] = [];
  for (const encoded of raw.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..') return null;
    if (/[/\\]/.test(segment) || !hasNoControlCharacters(segment)) return null;
    segments.push(segment);
  }
  return segments;
}
