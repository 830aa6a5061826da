// Installs the guard of every /api route from the API access table (packages/domain auth/apiRoutes.ts),
// so who may call a route is written once, beside all the others, and a route cannot be added without
// saying it. Registered before the routes: Fastify calls onRoute as each route is declared. A route whose
// `:id` names an event or a room also answers 404 for one the caller may not see, before anything else.
import { type ApiRouteAccess, apiRouteAccess, idSchema, notFound } from '@lablive/domain';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import { findVisibleEvent, findVisibleRoom } from '../access/visibleEvents.ts';
import type { Authenticator } from '../auth/authentication.ts';
import type { Db } from '../db/connection.ts';
import { isApiDocsRoute } from './apiDocs.ts';

/** A registered /api route, its entry in the access table, and the schemas it parses requests with. */
export type ApiRoute = { method: HTTPMethods; url: string; access: ApiRouteAccess; schema: FastifySchema };

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Installs the guards; the list it answers fills as routes are declared (the app exposes it). */
export function installApiGuards(app: FastifyInstance, authenticator: Authenticator, db: Db): ApiRoute[] {
  const routes: ApiRoute[] = [];

  async function checkScope(request: FastifyRequest, scope: 'event' | 'room') {
    const params: unknown = request.params;
    const raw = typeof params === 'object' && params !== null && 'id' in params ? params.id : undefined;
    const id = idSchema.safeParse(raw);
    // A malformed id is the schema's to refuse, with its own message.
    if (!id.success) return;
    const caller = await authenticator.authenticate(request);
    const visible =
      scope === 'event'
        ? await findVisibleEvent(db, caller.principal, id.data)
        : await findVisibleRoom(db, caller.principal, id.data);
    if (!visible) throw notFound(scope, id.data);
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || isApiDocsRoute(route.url)) return;
    const [method, ...others] = asList(route.method);
    if (!method || others.length > 0) {
      throw new Error(`${route.url}: declare one method per /api route, each with its access table entry.`);
    }
    const entry = apiRouteAccess(method, route.url);
    if (!entry) {
      throw new Error(
        `${method} ${route.url} is not in the API access table (packages/domain/src/auth/apiRoutes.ts): add it with who may call it.`,
      );
    }
    if (method !== 'HEAD') routes.push({ method, url: route.url, access: entry, schema: route.schema ?? {} });
    if (entry.access === 'public') return;
    const hooks: onRequestHookHandler[] = [authenticator.guard(entry.requirement)];
    const { scope } = entry;
    if (scope) hooks.push(async (request) => checkScope(request, scope));
    route.onRequest = [...hooks, ...asList(route.onRequest)];
  });
  return routes;
}
