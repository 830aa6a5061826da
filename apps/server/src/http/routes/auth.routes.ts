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
import { publicRoutes, signedInRoutes } from '../routeDeclarations.ts';

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
const throttledRoutes = (instance: FastifyInstance, options: AuthRoutesOptions) =>
  publicRoutes(instance, { rateLimit: { max: options.loginRateLimitPerMinute, timeWindow: 60_000 } });

/** Signing in (password, invitation link, public entry) and a used personal link's fresh one. */
function signInRoutes(instance: FastifyInstance, options: AuthRoutesOptions) {
  const { auth, authenticator } = options;
  const throttled = throttledRoutes(instance, options);
  // A used link's fresh mails are counted per link too, whatever address asks.
  const resendsPerLink = createLinkLimiter(RESEND_PER_LINK, () => auth.now().getTime());

  throttled.post(
    '/login',
    { body: loginRequestSchema, response: { 200: loginResponseSchema } },
    async (request) => {
      const body = request.body;
      if ('isPublic' in body) return loginAsPublicGuest(auth, body);
      if ('invitation' in body) {
        return loginWithInvitation(auth, body.invitation, await currentGuest(authenticator, request));
      }
      return loginWithPassword(auth, body);
    },
  );

  throttled.post(
    '/personal-links/resend',
    { body: resendPersonalLinkSchema, response: { 200: sucessResponseSchema } },
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
  const { auth } = options;
  const route = signedInRoutes(instance, options.authenticator);

  route.post(
    '/logout',
    {
      body: z.object({ refreshToken: z.string().optional() }).optional(),
      response: { 204: noContentSchema },
    },
    (_caller, request) => logout(auth, request.sessionId ?? '', request.body?.refreshToken),
  );

  route.get('/me', { response: { 200: meResponseSchema } }, (caller) => ({
    user: caller.user,
    event_id: caller.eventId,
  }));

  throttledRoutes(instance, options).post(
    '/refreshToken',
    { body: refreshTokenRequestSchema, response: { 200: refreshTokenResponseSchema } },
    (request) => refreshAccessToken(auth, request.body.token),
  );
}

/** A forgotten password: the reset link mailed, and the new password set with it. */
function passwordRoutes(instance: FastifyInstance, options: AuthRoutesOptions) {
  const { auth } = options;
  const throttled = throttledRoutes(instance, options);

  throttled.post(
    '/forgot-password',
    { body: forgotPasswordSchema, response: { 200: sucessResponseSchema } },
    async (request) => {
      await requestPasswordReset(auth, request.body.email, request.body.locale);
      // The same answer whether or not the account exists.
      return { sucess: true };
    },
  );

  throttled.post(
    '/change-password/:token',
    {
      params: z.object({ token: z.string().min(1).max(200) }),
      body: changePasswordSchema,
      response: { 200: sucessResponseSchema },
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
