// The web app's files as a browser gets them: hashed assets cached for a year and sent compressed when
// the browser accepts it, index.html revalidated on every visit; and the request log, which keeps the
// console to one line per API request at `info` (none for static files and health checks).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestLog } from '../observability/requestLog.ts';
import { serveWebApp } from './webApp.ts';

const script = `export const greeting = ${JSON.stringify('bonjour '.repeat(500))};\n`;
let dist: string;
let app: FastifyInstance;
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'lablive-web-app-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>LabLive</title>');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = path.join(dist, 'assets/index-Dx3f9a.js');
  await writeFile(asset, script);
  await writeFile(`${asset}.br`, brotliCompressSync(script));
  await writeFile(`${asset}.gz`, gzipSync(script));

  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLog() });
  app.get('/api/health/live', async () => ({ status: 'ok' }));
  app.get('/api/events', async () => []);
  await serveWebApp(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app’s files', () => {
  it('sends a hashed asset brotli-compressed, cacheable for a year', async () => {
    const response = await app.inject({
      url: '/assets/index-Dx3f9a.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(String(response.headers['content-type'])).toContain('javascript');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.byteLength).toBeLessThan(script.length / 10);
  });

  it('falls back to gzip, then to the plain file, by what the browser accepts', async () => {
    const gzip = await app.inject({ url: '/assets/index-Dx3f9a.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/index-Dx3f9a.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has index.html revalidated on every visit, for the app’s routes too', async () => {
    for (const url of ['/', '/room/12', '/admin/events']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>LabLive</title>');
    }
  });

  it('does not let a file outside assets/ be cached as if it were hashed', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('the request log', () => {
  it('writes one info line per API request and none for static files or health checks', async () => {
    logLines.length = 0;
    await app.inject({ url: '/assets/index-Dx3f9a.js' });
    await app.inject({ url: '/room/12' });
    await app.inject({ url: '/api/health/live' });
    await app.inject({ url: '/api/events?page=2' });
    const info = logLines.filter((line) => line.level >= 30);
    expect(info.map((line) => line.msg)).toEqual([expect.stringMatching(/^GET \/api\/events 200 \d+ ms$/)]);
  });
});
