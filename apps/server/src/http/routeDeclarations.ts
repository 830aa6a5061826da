// How a route is declared: its path, its whole schema (which the OpenAPI document at /api/docs is made
// from, so none of it is left out) and what answers it. Taking the caller from the request and sending
// the answer with the route's one success status (the 2xx key of its response schema; 204 sends no
// body) is written here once, so a routes file says only what each call is. A route whose answers vary
// in status (200 or 201, 200 or 503) is declared with Fastify itself.
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Caller } from '../access/caller.ts';
import type { Authenticator } from '../auth/authentication.ts';

/** A route's schema: every part Fastify parses with, and the answers by status. */
export type RouteSchema = FastifySchema & { response: Record<number, z.ZodType> };

// The handler Fastify calls answers with the reply it sent. Saying so here, rather than letting Fastify
// work out the answer's type from a schema it only knows as a type parameter (which TypeScript cannot
// resolve), is what lets one generic handler serve every route; `RouteAnswer` checks each route's body.
type Sent = RouteGenericInterface & { Reply: FastifyReply };

/** The request as the schema parses it. */
export type RouteRequest<S extends RouteSchema> = FastifyRequest<
  Sent,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

/** The reply, for the few routes that set headers (a file's type and name) before answering. */
export type RouteReply<S extends RouteSchema> = FastifyReply<
  Sent,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** What a route answers: the body its response schema describes; a 204 sends none, whatever it returns. */
export type RouteAnswer<S extends RouteSchema> = S['response'] extends { 204: z.ZodType }
  ? unknown
  : z.output<S['response'][keyof S['response']]>;

type Handle<S extends RouteSchema, Args extends unknown[]> = (
  ...args: [...Args, RouteRequest<S>, RouteReply<S>]
) => RouteAnswer<S> | Promise<RouteAnswer<S>>;

type Declare<Args extends unknown[]> = <const S extends RouteSchema>(
  url: string,
  schema: S,
  handle: Handle<S, Args>,
) => void;

export type Methods<Args extends unknown[]> = {
  get: Declare<Args>;
  post: Declare<Args>;
  put: Declare<Args>;
  delete: Declare<Args>;
};

/** Per-route settings shared by every route of a declarer (the sign-in calls' rate limit). */
export type RouteConfig = FastifyContextConfig;

/** The one 2xx status of a response schema: declaring two is a mistake the app refuses at start. */
function successStatus(url: string, response: RouteSchema['response']): number {
  const statuses = Object.keys(response)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  const [status, ...others] = statuses;
  if (status === undefined || others.length > 0) {
    throw new Error(`${url}: declare one success status (found ${statuses.join(', ') || 'none'}).`);
  }
  return status;
}

function declarer<Args extends unknown[]>(
  instance: FastifyInstance,
  argsOf: (request: FastifyRequest) => Promise<Args>,
  config: RouteConfig | undefined,
): Methods<Args> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const declare =
    (method: HTTPMethods): Declare<Args> =>
    (url, schema, handle) => {
      const status = successStatus(url, schema.response);
      app.route<Sent, ContextConfigDefault, typeof schema>({
        method,
        url,
        schema,
        ...(config ? { config } : {}),
        handler: async (request: RouteRequest<typeof schema>, reply: RouteReply<typeof schema>) => {
          const answer = await handle(...(await argsOf(request)), request, reply);
          const sent: FastifyReply = reply.status(status);
          return sent.send(status === 204 ? null : answer);
        },
      });
    };
  return { get: declare('GET'), post: declare('POST'), put: declare('PUT'), delete: declare('DELETE') };
}

/** Routes for a signed-in caller (whom the access table's guard has already checked): each gets it first. */
export function signedInRoutes(
  instance: FastifyInstance,
  authenticator: Authenticator,
  config?: RouteConfig,
): SignedInRoutes {
  return declarer(instance, async (request) => [await authenticator.authenticate(request)], config);
}

/** The declarer of signed-in routes. */
export type SignedInRoutes = Methods<[Caller]>;

/**
 * A routes plugin for signed-in callers: app.ts registers it with the authenticator beside what its
 * routes call. `declare` gets the declarer, those options, and the plugin's scope (for a public route
 * among them, or an upload route's own multipart parser).
 */
export function signedInPlugin<Options>(
  declare: (route: SignedInRoutes, options: Options, scope: FastifyInstance) => void | Promise<void>,
) {
  return async (scope: FastifyInstance, options: Options & { authenticator: Authenticator }) => {
    await declare(signedInRoutes(scope, options.authenticator), options, scope);
  };
}

/** Routes anyone may call (the access table says which): each gets the request alone. */
export function publicRoutes(instance: FastifyInstance, config?: RouteConfig): Methods<[]> {
  return declarer(instance, async () => [], config);
}
