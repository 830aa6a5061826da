// The back office's group calls (back-office spec 2.8 and 7): the lab's groups listed (GET groups, and
// GET groups?lab_id=), created, edited, deleted one or several at once, and what the panel offers to put
// in a group (GET groups/choices). Who may call them is the access table's (manage users); what they do
// is the group service's. A group's picture is set with POST upload (uploads.routes.ts).
import { groupChoicesSchema, groupFormSchema, groupSchema, groupsQuerySchema } from '@lablive/domain';
import { z } from 'zod';
import type { GroupService } from '../../groups/groupService.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { idParams, removalRoutes } from './routeHelpers.ts';

export const groupsAdminRoutes = signedInPlugin((route, { groups }: { groups: GroupService }) => {
  route.get(
    '/groups',
    { querystring: groupsQuerySchema, response: { 200: z.array(groupSchema) } },
    ({ principal }, request) => groups.list(principal, request.query.lab_id),
  );

  route.get('/groups/choices', { response: { 200: groupChoicesSchema } }, ({ principal }) =>
    groups.choices(principal),
  );

  route.post('/groups', { body: groupFormSchema, response: { 201: groupSchema } }, ({ principal }, request) =>
    groups.create(principal, request.body),
  );

  route.put(
    '/groups/:id',
    { params: idParams, body: groupFormSchema, response: { 200: groupSchema } },
    ({ principal }, request) => groups.update(principal, request.params.id, request.body),
  );

  removalRoutes(
    route,
    { one: '/groups/:id', many: '/groups/delete-multiple' },
    { one: groups.remove, many: groups.removeMany },
  );
});
