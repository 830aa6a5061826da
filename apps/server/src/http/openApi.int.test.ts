// The API's reference (/api/docs) as a client author reads it: every registered /api route is in the
// OpenAPI document with its method and a response schema, and the Swagger UI page answers.
import { buildTestApp, createTestDatabase, type TestDatabase } from '@lablive/testkit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/mailer.ts';

let test: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildTestApp(test, {
    mailer: createOutboxMailer('/tmp/lablive-test-outbox', 'x@lablive.test'),
  });
});

afterAll(async () => {
  await app.close();
  await test.drop();
});

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe('the OpenAPI document at /api/docs/json', () => {
  it('has every /api route, with the schemas of its answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(app.apiRoutes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of app.apiRoutes) {
      // Fastify writes `:id`; OpenAPI writes `{id}`.
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      const answered = Object.entries(operation?.responses ?? {}).filter(
        ([status, answer]) => status === '204' || answer.content?.['application/json']?.schema !== undefined,
      );
      if (answered.length === 0) missing.push(`${route.method} ${route.url}`);
    }
    expect(missing).toEqual([]);
    // The reference's own pages are not part of the API.
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });

  it('describes a body with its fields, so a client knows what to send', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = document.paths['/api/events'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['name', 'rooms_needed', 'medias', 'date']));
    expect(body.properties.default_timezone).toBeDefined();
  });

  it('serves the Swagger UI to browse it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});
