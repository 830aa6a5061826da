// An event's card (name, slug, lab name and theme), as event pages show it. Two ways in:
// - GET /api/eventInfo/by-slug/{slug}: public, for the public entry page, which is reached by its slug;
//   only a public event answers (a private one is 404, like an unknown slug), and no id is taken, so
//   nobody can walk sequential ids to list events.
// - GET /api/eventInfo/{id}: signed in, for an event the caller may see (canSeeEvent: a guest's own
//   event, an invited user's...), which the access table checks before the handler runs.
// A private event's invitation link carries its own colours (p, b, t) until its holder has signed in.
import { eventInfoSchema, idParamsSchema, text } from '@lablive/domain';
import { z } from 'zod';
import type { EventReads } from '../../events/eventReads.ts';
import { publicRoutes, signedInPlugin } from '../routeDeclarations.ts';
import { principalAndId } from './routeHelpers.ts';

export const eventInfoRoutes = signedInPlugin((route, { eventReads }: { eventReads: EventReads }, scope) => {
  publicRoutes(scope).get(
    '/eventInfo/by-slug/:slug',
    { params: z.object({ slug: text().min(1).max(200) }), response: { 200: eventInfoSchema } },
    (request) => eventReads.publicCard(request.params.slug),
  );

  route.get(
    '/eventInfo/:id',
    { params: idParamsSchema, response: { 200: eventInfoSchema } },
    principalAndId(eventReads.card),
  );
});
