// Bad input on every route: the corpus of packages/testkit/src/badInput.ts sent to every /api route the
// app registers (read from the app: a new route is covered without editing this file), as a lab admin
// so each request passes the guard and reaches the parsing. Every answer is a 4xx problem with a code,
// nothing answers 5xx, and the server keeps answering.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LAB_MODULES } from '@lablive/domain';
import {
  BAD_BODIES,
  BAD_BODY_FIELD_VALUES,
  BAD_PATH_IDS,
  BAD_QUERY_VALUES,
  buildTestApp,
  createEvent,
  createLab,
  createTestDatabase,
  createUser,
  signIn,
  type TestDatabase,
} from '@lablive/testkit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadEnv } from '../config/env.ts';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;
let token: string;
let event: { eventId: number; roomIds: number[] };
let webDist: string;

beforeAll(async () => {
  test = await createTestDatabase();
  // Its own sign-in limit: the corpus signs in far more often than the default allows a minute.
  // With a web app served beside the API, as in production: its client-side routes catch every GET.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'lablive-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>LabLive</title>');
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
    loginRateLimitPerMinute: 100_000,
    webDistDir: webDist,
  });
  const labId = await createLab(test.db, 'Lab A', LAB_MODULES);
  await createUser(test.db, { labId, email: 'admin@a.test', password: 'pw-admin-1', role: 'admin' });
  event = await createEvent(test.db, { labId, slug: 'event-1' });
  token = await signIn(app, 'admin@a.test', 'pw-admin-1');
});
afterAll(async () => {
  await app.close();
  await test.drop();
  await rm(webDist, { recursive: true, force: true });
});

/** A real id where the :id names an event or a room, so the request gets as far as parsing. */
function validPath(url: string, scope: 'event' | 'room' | undefined): string {
  const id = scope === 'event' ? event.eventId : scope === 'room' ? event.roomIds[0] : 987654;
  return url.replace(':id', String(id)).replace(':pollId', '987654').replace(':token', 'some-token');
}

/** Whether a query field takes any text (a search), as its schema's metadata says: nothing to refuse. */
function isFreeText(schema: unknown, field: string): boolean {
  if (!(schema instanceof z.ZodObject)) return false;
  let fieldSchema: unknown = schema.shape[field];
  while (fieldSchema instanceof z.ZodOptional) fieldSchema = fieldSchema.unwrap();
  return fieldSchema instanceof z.ZodType && fieldSchema.meta()?.freeText === true;
}

/** The field names a route's zod schema reads (each option of a union, through optional and nullable). */
function fieldsOf(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion) return [...new Set(schema.options.flatMap(fieldsOf))];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return fieldsOf(schema.unwrap());
  return [];
}

function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode < 400 || response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (!response.headers['content-type']?.includes('json'))
    return `answered ${response.statusCode} without JSON`;
  const body: unknown = response.json();
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
  return typeof code === 'string' && code.length > 0 ? null : `answered ${response.statusCode} with no code`;
}

describe('bad input on every route', () => {
  it('answers every malformed request with a 4xx problem that has a code, and keeps serving', async () => {
    const failures: string[] = [];
    const routes = app.apiRoutes.filter((route) => route.url !== '/api/logout');
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const scope = route.access.access === 'signedIn' ? route.access.scope : undefined;
      const headers = { authorization: `Bearer ${token}` };
      const send = async (what: string, url: string, payload?: string, contentType = 'application/json') => {
        const response = await app.inject({
          method: route.method,
          url,
          headers: payload === undefined ? headers : { ...headers, 'content-type': contentType },
          ...(payload === undefined ? {} : { payload }),
        });
        const problem = problemOf(response);
        if (problem)
          failures.push(
            `${route.method} ${route.url} with ${what}: ${problem} ${response.body.slice(0, 200)}`,
          );
      };
      const paramName = /:(\w+)/.exec(route.url)?.[1];
      if (paramName && paramName !== 'token') {
        for (const bad of BAD_PATH_IDS) {
          const url = route.url.replace(`:${paramName}`, bad);
          // The URL parser (WHATWG, as inject and browsers use it) reads `%2e%2e` as `..`: followed by more
          // path, it names another route (GET /api/rooms/%2e%2e/documents is GET /api/documents), which is
          // tested as itself. Over HTTP the server gets the segment as sent, and refuses it.
          if (/\/%2e%2e\/./i.test(url)) continue;
          const body = route.schema.body ? '{}' : undefined;
          await send(`:${paramName} = ${bad}`, url, body);
        }
      }
      for (const field of fieldsOf(route.schema.querystring)) {
        if (isFreeText(route.schema.querystring, field)) continue;
        for (const bad of BAD_QUERY_VALUES) {
          await send(`?${field}=${bad}`, `${validPath(route.url, scope)}?${field}=${bad}`);
        }
        await send(`?${field} twice`, `${validPath(route.url, scope)}?${field}=1&${field}=2`);
      }
      if (route.schema.body) {
        for (const body of BAD_BODIES) {
          await send(body.name, validPath(route.url, scope), body.payload, body.contentType);
        }
        for (const field of fieldsOf(route.schema.body)) {
          for (const bad of BAD_BODY_FIELD_VALUES) {
            await send(`${field}: ${bad}`, validPath(route.url, scope), `{"${field}":${bad}}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    const health = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(health.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('keeps the default sign-in limit for malformed sign-ins too', async () => {
    const limit = loadEnv({}).LOGIN_RATE_LIMIT_PER_MINUTE;
    const defaults = await buildTestApp(test, {
      mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
      loginRateLimitPerMinute: limit,
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < limit + 2; attempt++) {
        const response = await defaults.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: BAD_BODIES[attempt % BAD_BODIES.length]?.payload ?? '{',
        });
        statuses.push(response.statusCode);
        expect(response.json().code, `attempt ${attempt}`).toBeTruthy();
      }
      expect(statuses.slice(limit)).toEqual([429, 429]);
      expect(statuses.slice(0, limit).every((status) => status >= 400 && status < 429)).toBe(true);
    } finally {
      await defaults.close();
    }
  });

  it('answers a path under /api that is no route with a JSON 404 problem, and the rest with the web app', async () => {
    const missing = [
      ['DELETE', '/api/users'],
      ['PUT', '/api/polls'],
      ['DELETE', '/api/polls'],
      ['GET', '/api'],
      ...(['GET', 'POST', 'PUT', 'DELETE'] as const).flatMap((method) => [
        [method, '/api/nonexistent'],
        [method, '/api/events/1/unknown'],
      ]),
    ] as const;
    for (const [method, url] of missing) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/problem+json');
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
    const page = await app.inject({ method: 'GET', url: '/room/12' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>LabLive</title>');
  });
});
