// The sign-in calls of the live-room spec, section 7: login, logout, me, refreshToken, forgot-password,
// change-password; and a used personal link's way back, personal-links/resend (issue 26). Bodies are
// validated by the shared zod schemas before a handler runs.
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginRequestSchema,
  loginResponseSchema,
  MESSAGES,
  meResponseSchema,
  noContentSchema,
  refreshTokenRequestSchema,
  refreshTokenResponseSchema,
  resendPersonalLinkSchema,
  sucessResponseSchema,
} from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import {
  type AuthDeps,
  type CurrentGuest,
  changePasswordWithToken,
  loginAsPublicGuest,
  loginWithInvitation,
  loginWithPassword,
  logout,
  refreshAccessToken,
  requestPasswordReset,
} from '../../auth/authService.ts';
import { type LinkRenewalDeps, renewPersonalLink } from '../../auth/linkRenewal.ts';
import { hashOpaqueToken } from '../../auth/opaqueTokens.ts';
import { createLinkLimiter, RESEND_PER_LINK } from '../../limits/linkLimits.ts';

export type AuthRoutesOptions = {
  auth: AuthDeps;
  authenticator: Authenticator;
  loginRateLimitPerMinute: number;
  /** What a used personal link's fresh one is made and mailed with. */
  linkRenewal: LinkRenewalDeps;
};

export async function authRoutes(instance: FastifyInstance, options: AuthRoutesOptions) {
  signInRoutes(instance, options);
  sessionRoutes(instance, options);
  passwordRoutes(instance, options);
}

/** Guessing passwords (or mailing reset links to someone) is slowed per client address. */
const throttledBy = (options: AuthRoutesOptions) => ({
  rateLimit: { max: options.loginRateLimitPerMinute, timeWindow: 60_000 },
});

/** Signing in (password, invitation link, public entry) and a used personal link's fresh one. */
function signInRoutes(instance: FastifyInstance, options: AuthRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { auth, authenticator } = options;
  const throttled = throttledBy(options);
  // A used link's fresh mails are counted per link too, whatever address asks.
  const resendsPerLink = createLinkLimiter(RESEND_PER_LINK, () => auth.now().getTime());

  app.post(
    '/login',
    { config: throttled, schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request) => {
      const body = request.body;
      if ('isPublic' in body) return loginAsPublicGuest(auth, body);
      if ('invitation' in body) {
        return loginWithInvitation(auth, body.invitation, await currentGuest(authenticator, request));
      }
      return loginWithPassword(auth, body);
    },
  );

  app.post(
    '/personal-links/resend',
    {
      config: throttled,
      schema: { body: resendPersonalLinkSchema, response: { 200: sucessResponseSchema } },
    },
    async (request) => {
      const { token } = request.body;
      resendsPerLink.take(hashOpaqueToken(token.trim()));
      await renewPersonalLink(options.linkRenewal, token);
      // The same answer whether or not the link names a guest, and whether or not their event is over.
      return { sucess: true };
    },
  );
}

/** The session: who is signed in, a refreshed access token, signing out. */
function sessionRoutes(instance: FastifyInstance, options: AuthRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { auth, authenticator } = options;
  const throttled = throttledBy(options);

  app.post(
    '/logout',
    {
      schema: {
        body: z.object({ refreshToken: z.string().optional() }).optional(),
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await authenticator.authenticate(request);
      await logout(auth, request.sessionId ?? '', request.body?.refreshToken);
      return reply.status(204).send(null);
    },
  );

  app.get('/me', { schema: { response: { 200: meResponseSchema } } }, async (request) => {
    const caller = await authenticator.authenticate(request);
    return { user: caller.user, event_id: caller.eventId };
  });

  app.post(
    '/refreshToken',
    {
      config: throttled,
      schema: { body: refreshTokenRequestSchema, response: { 200: refreshTokenResponseSchema } },
    },
    async (request) => refreshAccessToken(auth, request.body.token),
  );
}

/** A forgotten password: the reset link mailed, and the new password set with it. */
function passwordRoutes(instance: FastifyInstance, options: AuthRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { auth } = options;
  const throttled = throttledBy(options);

  app.post(
    '/forgot-password',
    { config: throttled, schema: { body: forgotPasswordSchema, response: { 200: sucessResponseSchema } } },
    async (request) => {
      await requestPasswordReset(auth, request.body.email, request.body.locale);
      // The same answer whether or not the account exists.
      return { sucess: true };
    },
  );

  app.post(
    '/change-password/:token',
    {
      config: throttled,
      schema: {
        params: z.object({ token: z.string().min(1).max(200) }),
        body: changePasswordSchema,
        response: { 200: sucessResponseSchema },
      },
    },
    async (request) => {
      await changePasswordWithToken(auth, request.params.token, request.body.password);
      return { sucess: true, message: MESSAGES.passwordChanged };
    },
  );
}

/** The guest signed in on this request's access token, if it carries a valid one (never a refusal). */
async function currentGuest(
  authenticator: Authenticator,
  request: FastifyRequest,
): Promise<CurrentGuest | undefined> {
  if (!request.headers.authorization) return undefined;
  const caller = await authenticator.authenticate(request).catch(() => null);
  if (caller?.principal.kind !== 'guest' || request.sessionId === null) return undefined;
  return { participantId: caller.principal.participantId, sessionId: request.sessionId };
}
