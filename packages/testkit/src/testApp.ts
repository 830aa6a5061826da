// The HTTP application on a test database, with a mailer of the test's choice, driven by app.inject.

import {
  DEFAULT_DOCUMENT_MAX_BYTES,
  DEFAULT_IMAGE_MAX_BYTES,
  DEFAULT_LAB_STORAGE_QUOTA_BYTES,
  DEFAULT_MEDIA_BUILD_LIMITS,
} from '@lablive/domain';
import type { Db, GatewayStats, Mailer, MediaServers } from '@lablive/server/testing';
import {
  buildApp,
  calendarPageUrl,
  createCertificateIssuance,
  createInProcessBus,
  createJobQueue,
  createQueuedMailOutbox,
  createReminderScheduler,
  createRoomService,
  startBreakoutTimers,
  startForgetting,
} from '@lablive/server/testing';
import { generateNoteKeys, type NoteSigner, parseSignerKey } from '@lablive/verify';
import type { FastifyInstance } from 'fastify';

export const TEST_ACCESS_SECRET = 'test-access-token-secret-of-at-least-32-chars';

/**
 * The app with its own in-process bus and room service, on the test database (`url` is for the room
 * leases' connection). Closing the app closes them.
 */
export async function buildTestApp(
  database: { db: Db; url: string },
  options: {
    mailer: Mailer;
    now?: () => Date;
    loginRateLimitPerMinute?: number;
    accessTtlSeconds?: number;
    gatewayStats?: GatewayStats;
    /** Document files; a directory of the test's. */
    filesDir?: string;
    /** The largest document upload (50 MB by default). */
    documentMaxBytes?: number;
    /** The largest picture upload (5 MB by default). */
    imageMaxBytes?: number;
    /** A media build's limits (MEDIA_BUILD_MAX_*: 200 MB, 5000 entries, 1 GB unpacked by default). */
    mediaBuildLimits?: { maxBytes?: number; maxEntries?: number; maxUnpackedBytes?: number };
    /** What a lab's documents and media builds may hold together (LAB_STORAGE_QUOTA_BYTES: 5 GB by default). */
    labStorageQuotaBytes?: number;
    /** The server's NODE_ENV (`test` by default; `production` refuses media pages on this machine). */
    nodeEnv?: 'development' | 'production' | 'test';
    /** Keys that switch the room token to OpenTok (fake ones reach no server: a real failure path). */
    opentok?: { apiKey: string; apiSecret: string };
    iceServers?: { urls: string | string[]; username?: string; credential?: string }[];
    /** Started media servers (startTestJanus, createMediaServers): rooms' video goes through them. */
    mediaServers?: MediaServers;
    helloTimeoutMs?: number;
    /** A built web app to serve beside the API (a directory with an index.html); none by default. */
    webDistDir?: string;
    /** Receives each log line (JSON) the app writes; no logging by default. */
    onLogLine?: (line: string) => void;
    /**
     * Mails through the job queue, as in production (retried every `retryDelaySeconds`, backing off);
     * without it, mails are sent at once.
     */
    jobs?: { retryDelaySeconds: number; retryLimit?: number };
    /** What signs the ledger's checkpoints; a fresh key named lablive.test by default. */
    ledgerSigner?: NoteSigner;
  },
): Promise<FastifyInstance> {
  const { db } = database;
  const bus = createInProcessBus();
  const rooms = await createRoomService({ db, databaseUrl: database.url, bus, log: () => {} });
  const jobs = options.jobs
    ? createJobQueue({ databaseUrl: database.url, log: () => {}, pollingIntervalSeconds: 0.5 })
    : null;
  await jobs?.start();
  const mailOutbox =
    jobs && options.jobs
      ? await createQueuedMailOutbox(jobs, options.mailer, db, {
          retryLimit: options.jobs.retryLimit ?? 5,
          retryDelaySeconds: options.jobs.retryDelaySeconds,
        })
      : undefined;
  const reminders =
    jobs && mailOutbox
      ? await createReminderScheduler({
          db,
          queue: jobs,
          mailOutbox,
          publicUrl: 'http://lablive.test',
          invitationTtlSeconds: 7 * 24 * 3600,
          calendarPageUrl: (eventId, participantId) =>
            calendarPageUrl('http://lablive.test', TEST_ACCESS_SECRET, eventId, participantId),
          now: options.now ?? (() => new Date()),
        })
      : undefined;
  // Erasures' follow-ups through the queue, as in production (with jobs only).
  const forgetting = jobs
    ? await startForgetting({ db, jobs, now: options.now ?? (() => new Date()), log: () => {} })
    : undefined;
  // Breakouts end through the queue, as in production (with jobs only).
  const breakoutTimers = jobs ? await startBreakoutTimers({ db, rooms, jobs }) : undefined;
  // Attendance certificates issued after a close through the queue, as in production (with jobs only).
  const certificates =
    jobs && mailOutbox
      ? await createCertificateIssuance({ db, queue: jobs, mailOutbox, publicUrl: 'http://lablive.test' })
      : undefined;
  const app = await buildApp({
    config: {
      PUBLIC_URL: 'http://lablive.test',
      ACCESS_TOKEN_TTL_SECONDS: options.accessTtlSeconds ?? 900,
      REFRESH_TOKEN_TTL_SECONDS: 30 * 24 * 3600,
      RESET_TOKEN_TTL_SECONDS: 3600,
      LOGIN_RATE_LIMIT_PER_MINUTE: options.loginRateLimitPerMinute ?? 1000,
      WEB_DIST_DIR: options.webDistDir ?? '/nonexistent',
      TRUST_PROXY: false,
      INVITATION_TOKEN_TTL_SECONDS: 7 * 24 * 3600,
      OPENTOK_API_KEY: options.opentok?.apiKey,
      OPENTOK_API_SECRET: options.opentok?.apiSecret,
      ICE_SERVERS: options.iceServers ?? [],
      DATA_DIR: '/nonexistent-lablive-data',
      DOCUMENT_MAX_BYTES: options.documentMaxBytes ?? DEFAULT_DOCUMENT_MAX_BYTES,
      IMAGE_MAX_BYTES: options.imageMaxBytes ?? DEFAULT_IMAGE_MAX_BYTES,
      MEDIA_BUILD_MAX_BYTES: options.mediaBuildLimits?.maxBytes ?? DEFAULT_MEDIA_BUILD_LIMITS.maxBytes,
      MEDIA_BUILD_MAX_ENTRIES: options.mediaBuildLimits?.maxEntries ?? DEFAULT_MEDIA_BUILD_LIMITS.maxEntries,
      MEDIA_BUILD_MAX_UNPACKED_BYTES:
        options.mediaBuildLimits?.maxUnpackedBytes ?? DEFAULT_MEDIA_BUILD_LIMITS.maxUnpackedBytes,
      LAB_STORAGE_QUOTA_BYTES: options.labStorageQuotaBytes ?? DEFAULT_LAB_STORAGE_QUOTA_BYTES,
      NODE_ENV: options.nodeEnv ?? 'test',
      MAIL_FROM: 'LabLive <no-reply@lablive.test>',
    },
    accessTokenSecret: TEST_ACCESS_SECRET,
    // A key of the test's own: exports are signed as in production, checked with its verifier key.
    ledgerSigner: options.ledgerSigner ?? parseSignerKey(generateNoteKeys('lablive.test').signerKey),
    db,
    mailer: options.mailer,
    ...(mailOutbox ? { mailOutbox } : {}),
    ...(reminders ? { reminders } : {}),
    ...(forgetting ? { forgetting } : {}),
    ...(certificates ? { certificates } : {}),
    ...(breakoutTimers ? { breakoutTimers } : {}),
    bus,
    rooms,
    serveWeb: options.webDistDir !== undefined,
    ...(options.now ? { now: options.now } : {}),
    ...(options.gatewayStats ? { gatewayStats: options.gatewayStats } : {}),
    ...(options.filesDir ? { filesDir: options.filesDir } : {}),
    ...(options.helloTimeoutMs ? { helloTimeoutMs: options.helloTimeoutMs } : {}),
    ...(options.mediaServers ? { mediaServers: options.mediaServers } : {}),
    ...(options.onLogLine ? { logger: { level: 'info', stream: { write: options.onLogLine } } } : {}),
  });
  app.addHook('onClose', async () => {
    await jobs?.stop(2000);
    await rooms.close();
    await bus.close();
  });
  return app;
}
