// Reads of lab-owned rows by id: GET labs/{id} and events/{id} (users/{id}: users.routes.ts). Every one
// is scoped to the caller's lab; another lab's row answers 404, exactly like a row that does not exist.
import { labEventDetailsSchema, labViewSchema } from '@lablive/domain';
import type { EventReads } from '../../events/eventReads.ts';
import type { LabViews } from '../../labs/labView.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, principalAndId } from './routeHelpers.ts';

export const labScopedRoutes = signedInPlugin(
  (route, { labs, eventReads }: { labs: LabViews; eventReads: EventReads }) => {
    route.get('/labs/:id', byId({ 200: labViewSchema }), principalAndId(labs.view));

    route.get('/events/:id', byId({ 200: labEventDetailsSchema }), principalAndId(eventReads.details));
  },
);
