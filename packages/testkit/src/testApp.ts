// The HTTP application on a test database, with a mailer of the test's choice, driven by app.inject.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../apps/server/src/db/connection.ts';
import { buildApp } from '../../../apps/server/src/http/app.ts';
import type { Mailer } from '../../../apps/server/src/mail/mailer.ts';

export const TEST_ACCESS_SECRET = 'test-access-token-secret-of-at-least-32-chars';

export function buildTestApp(
  db: Db,
  options: { mailer: Mailer; now?: () => Date; loginRateLimitPerMinute?: number; accessTtlSeconds?: number },
): Promise<FastifyInstance> {
  return buildApp({
    config: {
      PUBLIC_URL: 'http://lablive.test',
      ACCESS_TOKEN_TTL_SECONDS: options.accessTtlSeconds ?? 900,
      REFRESH_TOKEN_TTL_SECONDS: 30 * 24 * 3600,
      RESET_TOKEN_TTL_SECONDS: 3600,
      LOGIN_RATE_LIMIT_PER_MINUTE: options.loginRateLimitPerMinute ?? 1000,
      WEB_DIST_DIR: '/nonexistent',
      TRUST_PROXY: false,
    },
    accessTokenSecret: TEST_ACCESS_SECRET,
    db,
    mailer: options.mailer,
    bus: { kind: 'in-process', healthy: () => true },
    serveWeb: false,
    ...(options.now ? { now: options.now } : {}),
  });
}
