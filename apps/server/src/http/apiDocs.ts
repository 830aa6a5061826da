// The REST API's reference, generated from the routes' own zod schemas (params, query, body and every
// response): an OpenAPI 3 document at /api/docs/json and the Swagger UI at /api/docs. Registered before
// the routes, so the swagger plugin sees each one as it is declared; the reference's own pages are not
// API routes (not in the access table, not in the document).
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { apiRouteAccess } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const API_DOCS_PATH = '/api/docs';

export function isApiDocsRoute(url: string): boolean {
  return url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`);
}

export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LabLive API',
        version,
        description:
          'The REST API of LabLive. Every call but sign-in and the public event pages needs `Authorization: Bearer <token>` (POST /api/login). Errors are RFC 9457 problem details; a 400 names the field in `errors[].field`. The room socket (/ws) is described in docs/protocol.md.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    // The routes' zod schemas as JSON Schema, grouped by resource; public calls need no token (unless a
    // route says it takes one in some cases: add-event's staff call).
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const [resource = 'api'] = input.url.replace(/^\/api\//, '').split('/');
      const access = apiRouteAccess(String(input.route.method), input.url);
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          tags: [resource],
          ...(access?.access === 'public' ? { security: transformed.schema.security ?? [] } : {}),
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });
}
