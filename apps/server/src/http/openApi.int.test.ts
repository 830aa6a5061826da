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
    type Shape = { required?: string[]; properties: Record<string, unknown> };
    const bodyOf = (path: string, method: string): Shape[] =>
      document.paths[path][method].requestBody.content['application/json'].schema.anyOf;
    // POST /api/events takes the project's form and the spec's payload (issue 28), each with its fields.
    const [form, spec] = bodyOf('/api/events', 'post');
    expect(form?.required).toEqual(expect.arrayContaining(['name', 'rooms_needed', 'medias', 'date']));
    expect(form?.properties.default_timezone).toBeDefined();
    expect(spec?.required).toEqual(
      expect.arrayContaining(['name', 'medias', 'planned_start_date', 'planned_end_date']),
    );
    expect(spec?.properties.currentTimeZone).toBeDefined();
    expect(spec?.properties.is_public).toMatchObject({
      anyOf: [{ enum: [0, 1] }, { type: 'boolean' }],
    });
    // PUT: a start or close, the whole form, or the spec's partial edit (nothing required).
    const [lifecycle, , patch] = bodyOf('/api/events/{id}', 'put');
    expect(lifecycle?.required).toEqual(['active']);
    expect(patch?.required ?? []).toEqual([]);
    expect(Object.keys(patch?.properties ?? {})).toEqual(
      expect.arrayContaining(['auto_dispatcher', 'default_timezone', 'medias', 'email_relaunch_J7']),
    );
    // add-event: the calendar page's call (with its key) and the back office's (without, signed in).
    const addEvent = document.paths['/api/participants/calendar/add-event'].post;
    expect(addEvent.security).toEqual([{}, { bearer: [] }]);
    expect(addEvent.requestBody.content['application/json'].schema.anyOf).toHaveLength(2);
  });

  it('serves the Swagger UI to browse it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});
