// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server sends
// compressed bytes without compressing on each request (@fastify/static's `preCompressed`). Done once at
// build time at the highest levels, which would be too slow per request. Files that do not shrink (images
// already compressed, tiny files) get no copy: the server then sends the original.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this, the headers of a compressed answer outweigh what it saves. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function precompressFile(file: string): Promise<void> {
  const original = await readFile(file);
  if (original.byteLength < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.byteLength,
      },
    }),
    gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.byteLength < original.byteLength) await writeFile(`${file}.br`, br);
  if (gz.byteLength < original.byteLength) await writeFile(`${file}.gz`, gz);
}

export function precompress(): Plugin {
  return {
    name: 'lablive-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => precompressFile(path.join(outDir, name))));
    },
  };
}
