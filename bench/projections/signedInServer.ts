// The real server on a benchmark's database, with the generated lab's admin signed in: what the
// projections' endpoint and replay benchmarks call (GET with the admin's token).
import { startServerProcess } from '@lablive/testkit/serverProcess';
import { onCleanup } from '../lib/cleanup.ts';

export type SignedInServer = { url: string; token: string; stop(): Promise<void> };

export async function startSignedInServer(
  databaseUrl: string,
  admin: { adminEmail: string; adminPassword: string },
  what: string,
): Promise<SignedInServer> {
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    ACCESS_TOKEN_SECRET: 'projections-bench-access-token-secret-32-chars',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  });
  const stop = onCleanup(`stop the ${what} bench server`, () => server.stop());
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.adminEmail, password: admin.adminPassword }),
    });
    const { token } = (await login.json()) as { token?: string };
    if (login.status !== 200 || typeof token !== 'string')
      throw new Error(`sign-in answered ${login.status}`);
    return { url: server.url, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
