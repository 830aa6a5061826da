// What the routes share: the id parameter (who the caller is in an event: access/caller.ts), and the back
// office's removal of a list's rows, one or several at once, which every list offers alike.
import {
  type IdsRequest,
  idParamsSchema,
  idsRequestSchema,
  noContentSchema,
  type Principal,
  removedCountSchema,
} from '@lablive/domain';
import type { SignedInRoutes } from '../routeDeclarations.ts';

export const idParams = idParamsSchema;

/** How a list's rows are removed (deleted or archived: the service's to say). */
export type Removal = {
  one: (principal: Principal, id: number) => Promise<unknown>;
  many: (principal: Principal, request: IdsRequest) => Promise<{ removed: number }>;
};

/** DELETE `urls.one` (204) and POST `urls.many` with the rows' ids (how many were removed). */
export function removalRoutes(route: SignedInRoutes, urls: { one: string; many: string }, removal: Removal) {
  route.delete(urls.one, { params: idParams, response: { 204: noContentSchema } }, ({ principal }, request) =>
    removal.one(principal, request.params.id),
  );
  route.post(
    urls.many,
    { body: idsRequestSchema, response: { 200: removedCountSchema } },
    ({ principal }, request) => removal.many(principal, request.body),
  );
}
