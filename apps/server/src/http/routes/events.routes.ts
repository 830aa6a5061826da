// GET /api/events: the events of the caller's lab (back-office spec, sections 1 and 7: `events?lab_id=`
// or `events?owner_id=`). A user whose only role is `user` sees the events they own; other staff see
// every event of their lab. Another lab's id answers 404.
import { DomainError, idSchema, labEventSchema, seesOnlyOwnEvents } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Db } from '../../db/connection.ts';
import { listLabEvents } from '../../events/events.repository.ts';

const query = z.object({
  lab_id: idSchema.optional(),
  owner_id: idSchema.optional(),
});

export async function eventsRoutes(
  instance: FastifyInstance,
  options: { db: Db; authenticator: Authenticator },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator } = options;

  app.get(
    '/events',
    { schema: { querystring: query, response: { 200: z.array(labEventSchema) } } },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      if (principal.kind !== 'user') throw new DomainError('forbidden', 'Only lab staff list events.');
      const labId = request.query.lab_id ?? principal.labId;
      if (labId !== principal.labId) throw new DomainError('not_found', `No lab ${labId}.`);
      const ownerId = seesOnlyOwnEvents(principal) ? principal.userId : request.query.owner_id;
      return listLabEvents(db, labId, ownerId === undefined ? {} : { ownerId });
    },
  );
}
