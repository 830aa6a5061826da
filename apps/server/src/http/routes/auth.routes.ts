// The sign-in calls of the live-room spec, section 7: login, logout, me, refreshToken, forgot-password,
// change-password. Bodies are validated by the shared zod schemas before a handler runs.
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
  sucessResponseSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import {
  type AuthDeps,
  changePasswordWithToken,
  loginAsPublicGuest,
  loginWithInvitation,
  loginWithPassword,
  logout,
  refreshAccessToken,
  requestPasswordReset,
} from '../../auth/authService.ts';

export type AuthRoutesOptions = {
  auth: AuthDeps;
  authenticator: Authenticator;
  loginRateLimitPerMinute: number;
};

export async function authRoutes(instance: FastifyInstance, options: AuthRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { auth, authenticator } = options;
  // Guessing passwords (or mailing reset links to someone) is slowed per client address.
  const throttled = { rateLimit: { max: options.loginRateLimitPerMinute, timeWindow: 60_000 } };

  app.post(
    '/login',
    { config: throttled, schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request) => {
      const body = request.body;
      if ('isPublic' in body) return loginAsPublicGuest(auth, body);
      if ('invitation' in body) return loginWithInvitation(auth, body.invitation);
      return loginWithPassword(auth, body);
    },
  );

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
