// Builds the HTTP application: framework plugins, then the error handling, then the API routes under
// /api, then the web app. Everything it needs is passed in, so tests build it on their own database; the
// services the routes call are built once, in appServices.ts.

import rateLimit from '@fastify/rate-limit';
import { DomainError } from '@lablive/domain';
import type { NoteSigner } from '@lablive/verify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { BreakoutTimers } from '../broadcast/breakoutTimers.ts';
import type { Bus } from '../bus/index.ts';
import type { Env } from '../config/env.ts';
import type { Db } from '../db/connection.ts';
import type { CertificateNotices, ReminderScheduler } from '../events/guestNotices.ts';
import type { Lifecycle } from '../lifecycle/lifecycle.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createDirectMailOutbox, type MailOutbox } from '../mail/mailOutbox.ts';
import type { MediaServers } from '../media/mediaServers.ts';
import type { GatewayStats } from '../observability/gatewayStats.ts';
import type { ServerMetrics } from '../observability/metrics.ts';
import { RequestLog } from '../observability/requestLog.ts';
import type { Forgetting } from '../personal-data/erasureService.ts';
import { ensureLiveGenerations } from '../projections/generations.repository.ts';
import { PROJECTIONS } from '../projections/projections.ts';
import { registerGateway } from '../realtime/gateway.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { registerApiDocs } from './apiDocs.ts';
import { type ApiRoute, installApiGuards } from './apiGuards.ts';
import { createServices } from './appServices.ts';
import { installAuditContext } from './auditRequests.ts';
import { mediaBuildsRoutes } from './mediaBuilds.ts';
import { errorHandler, problem } from './problems.ts';
import { auditRoutes } from './routes/audit.routes.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { broadcastRoutes } from './routes/broadcast.routes.ts';
import { calendarRoutes } from './routes/calendar.routes.ts';
import { certificatesRoutes } from './routes/certificates.routes.ts';
import { consentsRoutes } from './routes/consents.routes.ts';
import { documentsRoutes } from './routes/documents.routes.ts';
import { documentsAdminRoutes } from './routes/documentsAdmin.routes.ts';
import { eventInfoRoutes } from './routes/eventInfo.routes.ts';
import { eventRoomsRoutes } from './routes/eventRooms.routes.ts';
import { eventsRoutes } from './routes/events.routes.ts';
import { groupsAdminRoutes } from './routes/groupsAdmin.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { invitationsRoutes } from './routes/invitations.routes.ts';
import { labScopedRoutes } from './routes/labScoped.routes.ts';
import { labsAdminRoutes } from './routes/labsAdmin.routes.ts';
import { ledgerRoutes } from './routes/ledger.routes.ts';
import { mediaMailTemplatesRoutes } from './routes/mediaMailTemplates.routes.ts';
import { mediasAdminRoutes } from './routes/mediasAdmin.routes.ts';
import { participantsRoutes } from './routes/participants.routes.ts';
import { personalDataRoutes } from './routes/personalData.routes.ts';
import { pharmacovigilanceRoutes } from './routes/pharmacovigilance.routes.ts';
import { pharmacovigilanceAdminRoutes } from './routes/pharmacovigilanceAdmin.routes.ts';
import { planningRoutes } from './routes/planning.routes.ts';
import { pollsRoutes } from './routes/polls.routes.ts';
import { registrationsRoutes } from './routes/registrations.routes.ts';
import { replayRoutes } from './routes/replay.routes.ts';
import { roomDocumentsRoutes } from './routes/roomDocuments.routes.ts';
import { roomsRoutes } from './routes/rooms.routes.ts';
import { statsRoutes } from './routes/stats.routes.ts';
import { uploadsRoutes } from './routes/uploads.routes.ts';
import { usersRoutes } from './routes/users.routes.ts';
import { refuseUnstorableText } from './storableText.ts';
import { serveWebApp } from './webApp.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access table entry, as registered (for the role-matrix and bad-input tests). */
    apiRoutes: readonly ApiRoute[];
  }
}

export type AppConfig = Pick<
  Env,
  | 'PUBLIC_URL'
  | 'ACCESS_TOKEN_TTL_SECONDS'
  | 'REFRESH_TOKEN_TTL_SECONDS'
  | 'RESET_TOKEN_TTL_SECONDS'
  | 'LOGIN_RATE_LIMIT_PER_MINUTE'
  | 'WEB_DIST_DIR'
  | 'TRUST_PROXY'
  | 'INVITATION_TOKEN_TTL_SECONDS'
  | 'OPENTOK_API_KEY'
  | 'OPENTOK_API_SECRET'
  | 'ICE_SERVERS'
  | 'DATA_DIR'
  | 'DOCUMENT_MAX_BYTES'
  | 'IMAGE_MAX_BYTES'
  | 'MEDIA_BUILD_MAX_BYTES'
  | 'MEDIA_BUILD_MAX_ENTRIES'
  | 'MEDIA_BUILD_MAX_UNPACKED_BYTES'
  | 'LAB_STORAGE_QUOTA_BYTES'
  | 'NODE_ENV'
  | 'MAIL_FROM'
>;

export type AppDeps = {
  config: AppConfig;
  accessTokenSecret: string;
  db: Db;
  mailer: Mailer;
  /** How mails caused by a change are handed over (the job queue); sent at once without one. */
  mailOutbox?: MailOutbox;
  /** The guests' reminders (the job queue); none without it. */
  reminders?: ReminderScheduler;
  /** What follows an erasure on the job queue; without it the read models are rebuilt at once. */
  forgetting?: Forgetting;
  /** The attendance certificates issued after a close (the job queue); none without it. */
  certificates?: CertificateNotices;
  /** Breakouts' ends on the job queue; without them a breakout cannot be timed. */
  breakoutTimers?: BreakoutTimers;
  bus: Bus;
  rooms: RoomService;
  /** Counters of the room socket, shared with whoever reports them (metrics, tests). */
  gatewayStats?: GatewayStats;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  version?: string;
  /** Set false in API-only tests; production serves the built web app when it exists. */
  serveWeb?: boolean;
  /** Where document files are stored; DATA_DIR/files by default. */
  filesDir?: string;
  /** The instance's drain (readiness, the sockets' part of it); a running server passes it. */
  lifecycle?: Lifecycle;
  /** Whether the room leases' connection is open, for readiness. */
  leasesHealthy?: () => boolean;
  /** How long a room socket may stay open without a valid hello (10 s). */
  helloTimeoutMs?: number;
  /** The media servers (JANUS_URL), started; rooms use them for video when set. */
  mediaServers?: MediaServers | null;
  /** What signs the ledger's checkpoints (ledger/ledgerKey.ts). */
  ledgerSigner: NoteSigner;
  /** Fed by the gateway's fan-out (served on the metrics listener, not here). */
  metrics?: Pick<ServerMetrics, 'instruments'>;
};

/** Request bodies above this size are refused with 413 before they are parsed. */
const BODY_LIMIT_BYTES = 256 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    logController: new RequestLog({ requestIdLogLabel: 'requestId' }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  app.decorateRequest('sessionId', null);
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate_limited', `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
  });

  const mailOutbox = deps.mailOutbox ?? createDirectMailOutbox(deps.mailer, deps.db);
  const services = createServices({ ...deps, mailOutbox, now, log: app.log });
  const { authenticator } = services;

  app.decorate('apiRoutes', installApiGuards(app, authenticator, deps.db));
  installAuditContext(app);
  await registerApiDocs(app, deps.version ?? 'dev');
  await app.register(
    async (api) => {
      refuseUnstorableText(api);
      await api.register(authRoutes, {
        auth: services.auth,
        authenticator,
        loginRateLimitPerMinute: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE,
        linkRenewal: services.linkRenewal,
      });
      const { db, config } = deps;
      const { filesDir, eventReads } = services;
      await api.register(eventInfoRoutes, { authenticator, eventReads });
      await api.register(labScopedRoutes, { authenticator, labs: services.labs, eventReads });
      await api.register(usersRoutes, { authenticator, users: services.users });
      await api.register(labsAdminRoutes, { authenticator, labs: services.labAdmin });
      await api.register(calendarRoutes, {
        page: services.calendarPage,
        invitations: services.invitations,
        authenticator,
        perAddressPerMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE,
      });
      await api.register(eventsRoutes, { authenticator, events: services.events, eventReads });
      await api.register(planningRoutes, { authenticator, planning: services.planning });
      await api.register(eventRoomsRoutes, { authenticator, eventRooms: services.eventRooms });
      await api.register(broadcastRoutes, { authenticator, broadcast: services.broadcast });
      await api.register(participantsRoutes, { authenticator, participations: services.participations });
      await api.register(invitationsRoutes, { authenticator, invitations: services.invitations });
      await api.register(roomsRoutes, { authenticator, liveRooms: services.liveRooms });
      await api.register(roomDocumentsRoutes, { authenticator, roomDocuments: services.roomDocuments });
      const { documents } = services;
      await api.register(documentsRoutes, { authenticator, documents });
      await api.register(documentsAdminRoutes, {
        authenticator,
        documents,
        filesDir,
        maxFileBytes: config.DOCUMENT_MAX_BYTES,
      });
      await api.register(groupsAdminRoutes, { authenticator, groups: services.groups });
      await api.register(uploadsRoutes, {
        authenticator,
        pictures: services.pictures,
        filesDir,
        maxFileBytes: config.IMAGE_MAX_BYTES,
      });
      await api.register(mediasAdminRoutes, {
        authenticator,
        medias: services.medias,
        filesDir,
        buildMaxBytes: config.MEDIA_BUILD_MAX_BYTES,
        thumbnailMaxBytes: config.IMAGE_MAX_BYTES,
      });
      await api.register(mediaMailTemplatesRoutes, {
        authenticator,
        mediaTemplates: services.mediaTemplates,
      });
      await api.register(pollsRoutes, { authenticator, polls: services.polls });
      // The statistics read the projections' views: they exist (empty) before the runner catches up.
      await ensureLiveGenerations(db, PROJECTIONS);
      await api.register(statsRoutes, { authenticator, stats: services.stats });
      await api.register(auditRoutes, { authenticator, audit: services.audit });
      await api.register(ledgerRoutes, { authenticator, ledger: services.ledger });
      await api.register(personalDataRoutes, {
        authenticator,
        personalData: services.personalData,
        erasure: services.erasure,
      });
      await api.register(replayRoutes, { authenticator, replay: services.replay });
      await api.register(certificatesRoutes, {
        authenticator,
        certificates: services.certificates,
        perAddressPerMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE,
      });
      const { pharmacovigilance } = services;
      await api.register(pharmacovigilanceRoutes, { authenticator, pharmacovigilance });
      await api.register(pharmacovigilanceAdminRoutes, { authenticator, pharmacovigilance });
      await api.register(consentsRoutes, { authenticator, consents: services.consents });
      await api.register(registrationsRoutes, {
        authenticator,
        registrations: services.registrations,
        perAddressPerMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE,
      });
      await api.register(healthRoutes, {
        db: deps.db,
        busKind: () => deps.bus.kind,
        busHealthy: () => deps.bus.healthy(),
        version: deps.version ?? 'dev',
        ...(deps.lifecycle ? { draining: deps.lifecycle.draining } : {}),
        ...(deps.leasesHealthy ? { leasesHealthy: deps.leasesHealthy } : {}),
      });
      api.setNotFoundHandler((request, reply) => {
        const body = problem(404, 'not_found', `No route ${request.method} ${request.url}.`, request);
        return reply.status(404).type('application/problem+json').send(body);
      });
    },
    { prefix: '/api' },
  );

  await registerGateway(app, {
    db: deps.db,
    bus: deps.bus,
    rooms: deps.rooms,
    authenticator,
    ...(deps.gatewayStats ? { stats: deps.gatewayStats } : {}),
    ...(deps.lifecycle ? { lifecycle: deps.lifecycle } : {}),
    ...(deps.metrics ? { instruments: deps.metrics.instruments } : {}),
    ...(deps.helloTimeoutMs ? { helloTimeoutMs: deps.helloTimeoutMs } : {}),
    mediaServers: deps.mediaServers ?? null,
  });

  // The medias' uploaded builds, at their own path beside the API (no token: the stage's frame has none).
  await app.register(mediaBuildsRoutes, {
    db: deps.db,
    filesDir: services.filesDir,
  });

  if (deps.serveWeb !== false) await serveWebApp(app, deps.config.WEB_DIST_DIR);
  return app;
}
