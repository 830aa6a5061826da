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
import type { Caller } from '../../access/caller.ts';
import type { RouteSchema, SignedInRoutes } from '../routeDeclarations.ts';

export const idParams = idParamsSchema;

/** The schema of a route whose path names a row by its id and that takes nothing else: its answers. */
export const byId = <const R extends RouteSchema['response']>(response: R) => ({
  params: idParams,
  response,
});

/** A request whose path names a row by its id. */
type IdRequest = { params: { id: number } };

/** The most common call: what the service answers for the caller's principal and the path's id. */
export const principalAndId =
  <T>(call: (principal: Principal, id: number) => T) =>
  ({ principal }: Caller, request: IdRequest) =>
    call(principal, request.params.id);

/** The same for a service that takes the whole caller (their address, their event). */
export const callerAndId =
  <T>(call: (caller: Caller, id: number) => T) =>
  (caller: Caller, request: IdRequest) =>
    call(caller, request.params.id);

/** How a list's rows are removed (deleted or archived: the service's to say). */
export type Removal = {
  one: (principal: Principal, id: number) => Promise<unknown>;
  many: (principal: Principal, request: IdsRequest) => Promise<{ removed: number }>;
};

/** DELETE `urls.one` (204) and POST `urls.many` with the rows' ids (how many were removed). */
export function removalRoutes(route: SignedInRoutes, urls: { one: string; many: string }, removal: Removal) {
  route.delete(urls.one, byId({ 204: noContentSchema }), principalAndId(removal.one));
  route.post(
    urls.many,
    { body: idsRequestSchema, response: { 200: removedCountSchema } },
    ({ principal }, request) => removal.many(principal, request.body),
  );
}
