// Reads of lab-owned rows by id: GET labs/{id} and events/{id} (users/{id}: users.routes.ts). Every one
// is scoped to the caller's lab; another lab's row answers 404, exactly like a row that does not exist.
import { labEventDetailsSchema, labViewSchema } from '@lablive/domain';
import type { EventReads } from '../../events/eventReads.ts';
import type { LabViews } from '../../labs/labView.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { idParams } from './routeHelpers.ts';

export const labScopedRoutes = signedInPlugin(
  (route, { labs, eventReads }: { labs: LabViews; eventReads: EventReads }) => {
    route.get('/labs/:id', { params: idParams, response: { 200: labViewSchema } }, ({ principal }, request) =>
      labs.view(principal, request.params.id),
    );

    route.get(
      '/events/:id',
      { params: idParams, response: { 200: labEventDetailsSchema } },
      ({ principal }, request) => eventReads.details(principal, request.params.id),
    );
  },
);
