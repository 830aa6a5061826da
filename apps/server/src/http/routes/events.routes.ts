// The events of the caller's lab (back-office spec, sections 1, 4 and 7). GET /api/events lists them
// (`events?lab_id=` or `events?owner_id=`): a user whose only role is `user` sees the events they own,
// other staff every event of their lab, and another lab's id answers 404. POST plans one, PUT edits,
// starts or closes it, DELETE cancels it; the rules are the event service's.
import {
  createdEventSchema,
  eventFormSchema,
  idSchema,
  labEventDetailsSchema,
  labEventSchema,
  mailLogSchema,
  noContentSchema,
  updateEventRequestSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { EventReads } from '../../events/eventReads.ts';
import type { EventService } from '../../events/eventService.ts';
import { idParams } from './routeHelpers.ts';

const query = z.object({
  lab_id: idSchema.optional(),
  owner_id: idSchema.optional(),
});

export async function eventsRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; events: EventService; eventReads: EventReads },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, events, eventReads } = options;

  app.get(
    '/events',
    { schema: { querystring: query, response: { 200: z.array(labEventSchema) } } },
    async (request) => eventReads.list((await authenticator.authenticate(request)).principal, request.query),
  );

  app.post(
    '/events',
    { schema: { body: eventFormSchema, response: { 201: createdEventSchema } } },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      return reply.status(201).send(await events.create(caller, request.body));
    },
  );

  app.put(
    '/events/:id',
    {
      schema: { params: idParams, body: updateEventRequestSchema, response: { 200: labEventDetailsSchema } },
    },
    async (request) => {
      const caller = await authenticator.authenticate(request);
      const { id } = request.params;
      const body = request.body;
      if (!('active' in body)) return events.edit(caller, id, body);
      return body.active ? events.start(caller, id) : events.close(caller, id, request.id);
    },
  );

  app.get(
    '/events/:id/mails',
    { schema: { params: idParams, response: { 200: mailLogSchema } } },
    async (request) => events.mailLog(await authenticator.authenticate(request), request.params.id),
  );

  app.delete(
    '/events/:id',
    { schema: { params: idParams, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await events.cancel(await authenticator.authenticate(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
