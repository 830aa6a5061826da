// How the files of a build are served: their types (the inner file's for a precompressed asset), the
// encodings a client takes, and the paths a request may name inside a build.
import { describe, expect, it } from 'vitest';
import { acceptsEncoding, buildPathSegments, servedAs } from './buildFiles.ts';

describe('a file of a build', () => {
  it('is served with the type of its name, and a .br or .gz asset with its encoding', () => {
    expect(servedAs('index.html')).toEqual({ contentType: 'text/html; charset=utf-8', encoding: null });
    expect(servedAs('Build/game.wasm.br')).toEqual({ contentType: 'application/wasm', encoding: 'br' });
    expect(servedAs('Build/game.framework.js.gz')).toEqual({
      contentType: 'text/javascript; charset=utf-8',
      encoding: 'gzip',
    });
    expect(servedAs('Build/game.data.br')).toEqual({
      contentType: 'application/octet-stream',
      encoding: 'br',
    });
    expect(servedAs('Build/game.unityweb')).toEqual({
      contentType: 'application/octet-stream',
      encoding: null,
    });
    expect(servedAs('backup.gz')).toEqual({ contentType: 'application/gzip', encoding: null });
    expect(servedAs('README')).toEqual({ contentType: 'application/octet-stream', encoding: null });
  });

  it('is encoded only for a client that accepts the encoding', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip', 'br')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });

  it('is named by plain segments only; a folder is its index.html', () => {
    expect(buildPathSegments('Build/game.wasm.br')).toEqual(['Build', 'game.wasm.br']);
    expect(buildPathSegments('')).toEqual(['index.html']);
    expect(buildPathSegments('levels/')).toEqual(['levels', 'index.html']);
    expect(buildPathSegments('My%20Game/index.html')).toEqual(['My Game', 'index.html']);
    for (const refused of ['../x', 'a/../../x', 'a//b', './x', 'a%2Fb', '..%5Cx', '%00', '%E0%A4%A']) {
      expect(buildPathSegments(refused), refused).toBeNull();
    }
  });
});
