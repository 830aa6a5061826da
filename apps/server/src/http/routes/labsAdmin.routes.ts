// The platform's labs, for super-admins (issue 28, part 1): every lab with what it used of its plan (GET
// labs), a new lab with its first admin (POST labs), a lab's settings (GET and PUT labs/{id}/settings),
// and its suspension (POST labs/{id}/suspend, labs/{id}/resume). GET labs/{id}, the spec's view of one's
// own lab, stays in labScoped.routes.ts. Who may call them is the access table's (manage_labs).
import { labCreateSchema, labUpdateSchema, managedLabListSchema, managedLabSchema } from '@lablive/domain';
import type { LabAdminService } from '../../platform/labAdminService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { idParams } from './routeHelpers.ts';

export const labsAdminRoutes = signedInPlugin((route, { labs }: { labs: LabAdminService }) => {
  route.get('/labs', { response: { 200: managedLabListSchema } }, (caller) => labs.list(caller));

  route.post('/labs', { body: labCreateSchema, response: { 201: managedLabSchema } }, (caller, request) =>
    labs.create(caller, request.body),
  );

  route.get(
    '/labs/:id/settings',
    { params: idParams, response: { 200: managedLabSchema } },
    (caller, request) => labs.read(caller, request.params.id),
  );

  route.put(
    '/labs/:id/settings',
    { params: idParams, body: labUpdateSchema, response: { 200: managedLabSchema } },
    (caller, request) => labs.update(caller, request.params.id, request.body),
  );

  route.post(
    '/labs/:id/suspend',
    { params: idParams, response: { 200: managedLabSchema } },
    (caller, request) => labs.suspend(caller, request.params.id, request.id),
  );

  route.post(
    '/labs/:id/resume',
    { params: idParams, response: { 200: managedLabSchema } },
    (caller, request) => labs.resume(caller, request.params.id),
  );
});
