// Composes a running LabLive instance from its configuration: database (embedded or external), demo
// data on first start, bus, mailer, room service, metrics and the HTTP application. main.ts runs it;
// tests start it too. Closing it drains first (docs/operations.md, "Draining").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { startBreakoutTimers } from './broadcast/breakoutTimers.ts';
import { createBus } from './bus/createBus.ts';
import { defaultSubjectPrefix, prefixedBus } from './bus/prefixedBus.ts';
import { calendarPageUrl } from './calendar/calendarLink.ts';
import { createCertificateIssuance } from './certificates/certificateIssuance.ts';
import { type Env, REPO_ROOT } from './config/env.ts';
import { loadOrCreateLocalSecrets } from './config/secrets.ts';
import type { Db } from './db/connection.ts';
import { openDatabase } from './db/database.ts';
import { createEventStore } from './event-store/eventStore.ts';
import { createWakeUp } from './event-store/wakeUp.ts';
import { sweepIncoming } from './files/files.ts';
import { buildApp } from './http/app.ts';
import { createJobQueue, type JobQueue } from './jobs/jobQueue.ts';
import { startInstanceLedger } from './ledger/instanceLedger.ts';
import { createLifecycle } from './lifecycle/lifecycle.ts';
import { countedMailer, createMailer, type Mailer } from './mail/mailer.ts';
import { createQueuedMailOutbox } from './mail/mailOutbox.ts';
import { startMediaServer } from './media/mediaServerStart.ts';
import { createGatewayStats } from './observability/gatewayStats.ts';
import { createServerMetrics } from './observability/metrics.ts';
import { startMetricsListener } from './observability/metricsListener.ts';
import { startForgetting } from './personal-data/forgettingJobs.ts';
import { createProjectionLeases } from './projections/projectionLeases.ts';
import { PROJECTIONS } from './projections/projections.ts';
import { createProjectionRunner } from './projections/runner.ts';
import { projectionSamples } from './projections/status.ts';
import { createReminderScheduler } from './reminders/reminderJobs.ts';
import { createRoomService } from './rooms/createRoomService.ts';
import { databaseHoldsData, type SeedResult, seedDemoData } from './seed/demoData.ts';

export type RunningServer = {
  app: FastifyInstance;
  url: string;
  /** Where Prometheus scrapes this instance; null with METRICS_PORT=0. */
  metricsUrl: string | null;
  embeddedDatabase: boolean;
  seed: SeedResult;
  demoAccountsPresent: boolean;
  mailer: 'smtp' | 'outbox';
  busKind: 'in-process' | 'nats';
  instanceName: string;
  /** The prefix of this deployment's subjects on the bus. */
  busSubjectPrefix: string;
  /** Readiness false, sockets closed with 4003, rooms handed over; the process keeps running. */
  drain(): Promise<void>;
  /** Drains, then stops everything. */
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

/** Whether the demo accounts are there to name in the start-up banner. */
async function holdsDemoAccounts(db: Db): Promise<boolean> {
  if (!(await databaseHoldsData(db))) return false;
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@lablive.test')
    .executeTakeFirst();
  return admin !== undefined;
}

/** The room service's settings from the environment (see docs/operations.md, the configuration table). */
function roomServiceSettings(env: Env) {
  return {
    presenceSweepAfterMs: env.PRESENCE_SWEEP_AFTER_MS,
    quietAfterMs: env.ROOM_QUIET_UNLOAD_MS,
    waitingBounds: {
      perRoom: env.ROOM_WAITING_COMMANDS_MAX,
      perInstance: env.INSTANCE_WAITING_COMMANDS_MAX,
    },
    placement: { youngRoomMs: env.PLACEMENT_NEW_ROOM_MS, slack: env.PLACEMENT_SLACK },
  };
}

/** The demo data, when the configuration asks for it (an empty embedded database by default). */
async function seedIfAsked(env: Env, database: { db: Db; embedded: boolean }) {
  const decision = await shouldSeed(env, database.embedded);
  const seed =
    decision === 'seed'
      ? await seedDemoData(database.db, { filesDir: path.join(env.DATA_DIR, 'files'), now: new Date() })
      : decision;
  return { seed, demoAccountsPresent: await holdsDemoAccounts(database.db) };
}

/**
 * What works on the job queue: mails, the guests' reminders, and what follows an erasure (the read
 * models' rebuild, the labs' daily retention).
 */
async function startQueuedWork(
  env: Env,
  db: Db,
  jobs: JobQueue,
  deps: {
    mailer: Mailer;
    accessTokenSecret: string;
    log: (message: string, details?: Record<string, unknown>) => void;
  },
) {
  const mailOutbox = await createQueuedMailOutbox(jobs, deps.mailer, db);
  const reminders = await createReminderScheduler({
    db,
    queue: jobs,
    mailOutbox,
    publicUrl: env.PUBLIC_URL,
    invitationTtlSeconds: env.INVITATION_TOKEN_TTL_SECONDS,
    calendarPageUrl: (eventId, participantId) =>
      calendarPageUrl(env.PUBLIC_URL, deps.accessTokenSecret, eventId, participantId),
    now: () => new Date(),
  });
  const forgetting = await startForgetting({ db, jobs, now: () => new Date(), log: deps.log });
  const certificates = await createCertificateIssuance({
    db,
    queue: jobs,
    mailOutbox,
    publicUrl: env.PUBLIC_URL,
  });
  return { mailOutbox, reminders, forgetting, certificates };
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
    const { seed, demoAccountsPresent } = await seedIfAsked(env, database);

    // The application's logger exists once the app does; what logs before goes to stderr.
    let appLog: FastifyBaseLogger | null = null;
    const log =
      (component: string) => (level: 'info' | 'warn' | 'error', message: string, details?: object) => {
        if (appLog) appLog[level]({ component, ...details }, message);
        else console.error(`[${component}] ${level} ${message}`, details ?? '');
      };
    const metrics = createServerMetrics({ instance: env.INSTANCE_NAME });
    // Uploads a crash cut short (an hour old at least: another instance's may be in flight).
    const swept = await sweepIncoming(path.join(env.DATA_DIR, 'files'), 3_600_000, new Date());
    if (swept > 0) log('files')('info', 'removed uploads cut short', { count: swept });
    const rawBus = await createBus({
      natsUrl: env.NATS_URL,
      name: env.INSTANCE_NAME,
      log: (line) => log('bus')('info', line),
    });
    closers.push(() => rawBus.close());
    const busSubjectPrefix = env.BUS_SUBJECT_PREFIX ?? defaultSubjectPrefix(database.url);
    const bus = prefixedBus(rawBus, busSubjectPrefix);
    const mailer = countedMailer(
      createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, from: env.MAIL_FROM }),
      metrics.instruments,
    );
    closers.push(() => mailer.close());
    // Deferred work (mails) in the same database; every instance works the queues. Stopped before the
    // mailer and the database it needs (closers run in reverse).
    const jobs = createJobQueue({ databaseUrl: database.url, log: log('jobs') });
    await jobs.start();
    closers.push(() => jobs.stop());
    const { mailOutbox, reminders, forgetting, certificates } = await startQueuedWork(
      env,
      database.db,
      jobs,
      {
        mailer,
        accessTokenSecret,
        log: (message, details) => log('personal-data')('info', message, details),
      },
    );
    // Appends of this instance's rooms wake its projections at once (others' are polled).
    const wakeUp = createWakeUp();
    const rooms = await createRoomService({
      wakeUp,
      db: database.db,
      databaseUrl: database.url,
      bus,
      log: log('rooms'),
      instruments: metrics.instruments,
      ...roomServiceSettings(env),
    });
    closers.push(() => rooms.close());
    // Breakouts end on the job queue (broadcast/breakoutTimers.ts), which needs the rooms to recall them.
    const breakoutTimers = await startBreakoutTimers({ db: database.db, rooms, jobs });
    const projectionLeases = createProjectionLeases(database.url, (message, details) =>
      log('projections')('warn', message, details),
    );
    closers.push(() => projectionLeases.close());
    const projections = createProjectionRunner({
      db: database.db,
      eventStore: createEventStore(database.db, { wakeUp }),
      projections: PROJECTIONS,
      leases: projectionLeases,
      log: (message, details) => log('projections')('info', message, details),
      pollIntervalMs: 250,
    });
    projections.start();
    closers.push(() => projections.stop());
    const lifecycle = createLifecycle({
      noticeMs: env.DRAIN_NOTICE_MS,
      timeoutMs: env.DRAIN_TIMEOUT_MS,
      log: (message, details) => log('drain')('info', message, details),
    });
    const gatewayStats = createGatewayStats();
    const mediaServers = await startMediaServer(env, database.db, log('media'));

    const ledger = await startInstanceLedger(env, database.db, (message, details) =>
      log('ledger')('warn', message, details),
    );
    closers.push(() => ledger.stop());
    const app = await buildApp({
      config: env,
      accessTokenSecret,
      ledgerSigner: ledger.signer,
      db: database.db,
      mailer,
      mailOutbox,
      reminders,
      forgetting,
      certificates,
      breakoutTimers,
      bus,
      rooms,
      logger,
      version: readVersion(),
      gatewayStats,
      lifecycle,
      leasesHealthy: rooms.leasesHealthy,
      metrics,
      mediaServers,
    });
    appLog = app.log;
    closers.push(() => app.close());
    // After the gateway's step: the sockets' departures are recorded while this instance still hosts.
    lifecycle.onDrain('rooms', () => rooms.drain());
    metrics.watch({
      gateway: gatewayStats,
      hostedRooms: () => rooms.hostedRooms().length,
      draining: lifecycle.draining,
      busHealthy: () => bus.healthy(),
      leasesHealthy: rooms.leasesHealthy,
      projections: () => projectionSamples(database.db, projections, PROJECTIONS),
    });
    const url = await app.listen({ host: env.HOST, port: env.PORT });
    const metricsListener =
      env.METRICS_PORT === 0
        ? null
        : await startMetricsListener(metrics.registry, { host: env.METRICS_HOST, port: env.METRICS_PORT });
    if (metricsListener) closers.push(() => metricsListener.close());
    return {
      app,
      url,
      metricsUrl: metricsListener?.url ?? null,
      embeddedDatabase: database.embedded,
      seed,
      demoAccountsPresent,
      mailer: mailer.kind,
      busKind: bus.kind,
      instanceName: env.INSTANCE_NAME,
      busSubjectPrefix,
      drain: () => lifecycle.drain(),
      async close() {
        await lifecycle.drain();
        await closeAll();
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
