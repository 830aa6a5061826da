// Composes a running LabLive instance from its configuration: database (embedded or external), demo
// data on first start, bus, mailer and the HTTP application. main.ts runs it; tests start it too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createBus } from './bus/createBus.ts';
import { type Env, REPO_ROOT } from './config/env.ts';
import { loadOrCreateLocalSecrets } from './config/secrets.ts';
import { openDatabase } from './db/database.ts';
import { buildApp } from './http/app.ts';
import { createMailer } from './mail/mailer.ts';
import { createRoomService } from './rooms/createRoomService.ts';
import { databaseHoldsData, type SeedResult, seedDemoData } from './seed/demoData.ts';

export type RunningServer = {
  app: FastifyInstance;
  url: string;
  embeddedDatabase: boolean;
  seed: SeedResult;
  demoAccountsPresent: boolean;
  mailer: 'smtp' | 'outbox';
  busKind: 'in-process' | 'nats';
  close(): Promise<void>;
};

function readVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8'));
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string'
    ? pkg.version
    : 'dev';
}

async function shouldSeed(env: Env, embedded: boolean): Promise<SeedResult | 'seed'> {
  if (env.SEED_DEMO_DATA === 'false') return { created: false, reason: 'SEED_DEMO_DATA is false' };
  if (env.SEED_DEMO_DATA === 'auto' && !embedded) {
    return { created: false, reason: 'an external database is only seeded with SEED_DEMO_DATA=true' };
  }
  return 'seed';
}

export async function startServer(env: Env, logger: FastifyServerOptions['logger']): Promise<RunningServer> {
  const database = await openDatabase(env, () => {});
  const closers: Array<() => Promise<unknown> | unknown> = [() => database.close()];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close();
  };
  try {
    const accessTokenSecret =
      env.ACCESS_TOKEN_SECRET ?? (await loadOrCreateLocalSecrets(env.DATA_DIR)).accessTokenSecret;
    const decision = await shouldSeed(env, database.embedded);
    const seed =
      decision === 'seed'
        ? await seedDemoData(database.db, { filesDir: path.join(env.DATA_DIR, 'files'), now: new Date() })
        : decision;
    const demoAccountsPresent =
      (await databaseHoldsData(database.db)) &&
      (await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@lablive.test')
        .executeTakeFirst()) !== undefined;

    const bus = await createBus({ natsUrl: env.NATS_URL, name: `lablive-${process.pid}` });
    closers.push(() => bus.close());
    const mailer = createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, from: env.MAIL_FROM });
    closers.push(() => mailer.close());
    const rooms = await createRoomService({ db: database.db, databaseUrl: database.url, bus });
    closers.push(() => rooms.close());

    const app = await buildApp({
      config: env,
      accessTokenSecret,
      db: database.db,
      mailer,
      bus,
      rooms,
      logger,
      version: readVersion(),
    });
    closers.push(() => app.close());
    const url = await app.listen({ host: env.HOST, port: env.PORT });
    return {
      app,
      url,
      embeddedDatabase: database.embedded,
      seed,
      demoAccountsPresent,
      mailer: mailer.kind,
      busKind: bus.kind,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
