// The REST boundary's check of free text: PostgreSQL cannot store a NUL or an unpaired surrogate, and
// zod lets both through, so before any schema runs every string (and key) of a request's path, query
// and body is checked once here. A bad one is a 400 naming the field, never a database error.
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import { problem } from './problems.ts';

export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const found = findUnstorableText(value);
      if (!found) continue;
      // Named as the schema errors name them: a body field by its path, the others with their part.
      const field = found === '(root)' ? part : part === 'body' ? found : `${part}.${found}`;
      const body = problem(400, 'validation', `${field}: ${UNSTORABLE_TEXT_MESSAGE}`, request, [
        { field, message: UNSTORABLE_TEXT_MESSAGE },
      ]);
      return reply.status(400).type('application/problem+json').send(body);
    }
  });
}
