// GET /api/eventInfo/{id}: the public theme of an event page (lab colours, logo, event name). Public by
// design: the entry page of an event is shown before anyone signs in. Nothing else of the lab is shown.
import { DomainError, eventInfoSchema, idSchema } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { findLab } from '../../labs/labs.repository.ts';

export async function eventInfoRoutes(instance: FastifyInstance, options: { db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/eventInfo/:id',
    {
      schema: {
        params: z.object({ id: idSchema }),
        response: { 200: eventInfoSchema },
      },
    },
    async (request) => {
      const event = await options.db
        .selectFrom('events')
        .select(['id', 'name', 'slug', 'lab_id'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      const lab = event && (await findLab(options.db, event.lab_id));
      if (!event || !lab) throw new DomainError('not_found', `No event ${request.params.id}.`);
      return { id: event.id, name: event.name, slug: event.slug, labName: lab.name, theme: lab.theme };
    },
  );
}
