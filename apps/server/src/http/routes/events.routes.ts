// The events of the caller's lab (back-office spec, sections 1, 4 and 7). GET /api/events lists them
// (`events?lab_id=` or `events?owner_id=`): a user whose only role is `user` sees the events they own,
// other staff every event of their lab, and another lab's id answers 404. POST plans one, PUT edits,
// starts or closes it, DELETE cancels it; the rules are the event service's. POST and PUT take the
// project's form or the spec's payloads (packages/domain events/specEventRequest.ts).
import {
  createdEventSchema,
  createEventRequestSchema,
  idSchema,
  labEventDetailsSchema,
  labEventSchema,
  mailLogSchema,
  noContentSchema,
  updateEventRequestSchema,
} from '@lablive/domain';
import { z } from 'zod';
import type { EventReads } from '../../events/eventReads.ts';
import type { EventService } from '../../events/eventService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, callerAndId, idParams } from './routeHelpers.ts';

const query = z.object({
  lab_id: idSchema.optional(),
  owner_id: idSchema.optional(),
});

export const eventsRoutes = signedInPlugin(
  (route, { events, eventReads }: { events: EventService; eventReads: EventReads }) => {
    route.get(
      '/events',
      { querystring: query, response: { 200: z.array(labEventSchema) } },
      ({ principal }, request) => eventReads.list(principal, request.query),
    );

    route.post(
      '/events',
      {
        description:
          "Plans an event. The body is the project's event form (a day and two times in default_timezone, as the back office sends it) or the spec's (section 7: planned_start_date and planned_end_date as local date-time text on the clocks of currentTimeZone, flags as 0/1); both are checked by the same rules.",
        body: createEventRequestSchema,
        response: { 201: createdEventSchema },
      },
      (caller, request) => events.create(caller, request.body),
    );

    route.put(
      '/events/:id',
      {
        description:
          "Starts (`active: true`) or closes (`active: false`) the event, or edits it: with the project's whole form, or with the spec's partial edit (any of the event's fields, flags as 0/1), which changes the fields sent and keeps the others.",
        params: idParams,
        body: updateEventRequestSchema,
        response: { 200: labEventDetailsSchema },
      },
      (caller, request) => {
        const { id } = request.params;
        const body = request.body;
        if ('active' in body)
          return body.active ? events.start(caller, id) : events.close(caller, id, request.id);
        return 'date' in body ? events.edit(caller, id, body) : events.patch(caller, id, body);
      },
    );

    route.get('/events/:id/mails', byId({ 200: mailLogSchema }), callerAndId(events.mailLog));

    route.delete('/events/:id', byId({ 204: noContentSchema }), callerAndId(events.cancel));
  },
);
