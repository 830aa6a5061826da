// Every service the application calls, built in this one place (by buildApp, app.ts) from what the server
// or a test hands in: the database, the mail outbox, the room service, the reminders, the configuration
// and the clock. The routes and the gateway are given them; no route builds a service.

import path from 'node:path';
import type { NoteSigner } from '@lablive/verify';
import type { FastifyBaseLogger } from 'fastify';
import { createAuditService } from '../audit/auditService.ts';
import { createAccessTokens } from '../auth/accessTokens.ts';
import { createAuthenticator } from '../auth/authentication.ts';
import type { AuthDeps } from '../auth/authService.ts';
import type { LinkRenewalDeps } from '../auth/linkRenewal.ts';
import type { BreakoutTimers } from '../broadcast/breakoutTimers.ts';
import { createBroadcastService } from '../broadcast/broadcastService.ts';
import { calendarPageUrl } from '../calendar/calendarLink.ts';
import { createCalendarMails } from '../calendar/calendarMails.ts';
import { createCalendarPageService } from '../calendar/calendarPage.ts';
import { createCertificateService } from '../certificates/certificateService.ts';
import { createConsentService } from '../consents/consentService.ts';
import type { Db } from '../db/connection.ts';
import { createDocumentService } from '../documents/documentService.ts';
import { createEventReads } from '../events/eventReads.ts';
import { createEventService } from '../events/eventService.ts';
import type { CertificateNotices, ReminderScheduler } from '../events/guestNotices.ts';
import { createPlanningService } from '../events/planningService.ts';
import { createGroupService } from '../groups/groupService.ts';
import { createInvitationService } from '../invitations/invitationService.ts';
import { createLabViews } from '../labs/labView.ts';
import { createLedgerExports } from '../ledger/ledgerExports.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import type { MediaServers } from '../media/mediaServers.ts';
import { createVideoProvider } from '../media/videoSessions.ts';
import { createMediaMailTemplates } from '../medias/mediaMailTemplates.ts';
import { createMediaService } from '../medias/mediaService.ts';
import { createEventRooms } from '../participants/eventRooms.ts';
import { createParticipationService } from '../participants/participationService.ts';
import { createErasureService, type Forgetting } from '../personal-data/erasureService.ts';
import { rebuildReadModels } from '../personal-data/forgettingJobs.ts';
import { createPersonalDataService } from '../personal-data/personalDataService.ts';
import { createPharmacovigilanceService } from '../pharmacovigilance/pharmacovigilanceService.ts';
import { createPictureService } from '../pictures/pictureService.ts';
import { createLabAdminService } from '../platform/labAdminService.ts';
import { createPollService } from '../polls/pollService.ts';
import { createRegistrationService } from '../registrations/registrationService.ts';
import { createReplayService } from '../replay/replayService.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { createStatsService } from '../stats/statsService.ts';
import { createUserService } from '../users/userService.ts';
import type { AppConfig } from './app.ts';
import { createLiveRooms } from './liveRooms.ts';
import { executeRestCommand } from './restCommands.ts';
import { createRoomDocuments } from './roomDocuments.ts';

export type ServicesDeps = {
  config: AppConfig;
  /** What signs the ledger's checkpoints. */
  ledgerSigner: NoteSigner;
  accessTokenSecret: string;
  db: Db;
  mailOutbox: MailOutbox;
  /** The guests' reminders (the job queue); none without it. */
  reminders?: ReminderScheduler | undefined;
  /** What follows an erasure on the job queue; without it the read models are rebuilt at once. */
  forgetting?: Forgetting | undefined;
  /** The attendance certificates issued after a close (the job queue); none without it. */
  certificates?: CertificateNotices | undefined;
  /** Breakouts' ends on the job queue; without them a breakout cannot be timed. */
  breakoutTimers?: BreakoutTimers | undefined;
  rooms: RoomService;
  now: () => Date;
  /** Where document files are stored; DATA_DIR/files by default. */
  filesDir?: string | undefined;
  /** The media server, when one runs: rooms' video goes through it. */
  mediaServers?: MediaServers | null;
  log: FastifyBaseLogger;
};

export type Services = ReturnType<typeof createServices>;

export function createServices(deps: ServicesDeps) {
  const { config, db, mailOutbox, rooms, now, log } = deps;
  const publicUrl = config.PUBLIC_URL;
  const invitationTtlSeconds = config.INVITATION_TOKEN_TTL_SECONDS;
  const tokens = createAccessTokens(deps.accessTokenSecret, config.ACCESS_TOKEN_TTL_SECONDS, now);
  const auth: AuthDeps = {
    db,
    tokens,
    mailOutbox,
    now,
    publicUrl,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    resetTtlSeconds: config.RESET_TOKEN_TTL_SECONDS,
  };
  const linkRenewal: LinkRenewalDeps = {
    db,
    mailOutbox,
    publicUrl,
    invitationTtlSeconds,
    now,
    calendarPageUrl: (eventId, participantId) =>
      calendarPageUrl(publicUrl, deps.accessTokenSecret, eventId, participantId),
  };
  const calendar = createCalendarMails({
    mailOutbox,
    secret: deps.accessTokenSecret,
    publicUrl,
    invitationTtlSeconds,
    fallbackOrganizer: mailboxOf(config.MAIL_FROM),
    now,
  });
  const notices = { reminders: deps.reminders, calendar, certificates: deps.certificates };
  const opentok =
    config.OPENTOK_API_KEY && config.OPENTOK_API_SECRET
      ? { apiKey: config.OPENTOK_API_KEY, apiSecret: config.OPENTOK_API_SECRET }
      : null;
  const filesDir = deps.filesDir ?? path.join(config.DATA_DIR, 'files');
  const video = createVideoProvider({
    opentok,
    iceServers: config.ICE_SERVERS,
    janus: deps.mediaServers != null,
  });
  const audit = createAuditService({ db, now });
  return {
    tokens,
    authenticator: createAuthenticator({ db, tokens, now }),
    auth,
    linkRenewal,
    users: createUserService({ db, mailOutbox, publicUrl, now }),
    calendar,
    calendarPage: createCalendarPageService({
      db,
      secret: deps.accessTokenSecret,
      publicUrl,
      invitationTtlSeconds,
      now,
      calendar,
    }),
    labs: createLabViews(db),
    labAdmin: createLabAdminService({ db, mailOutbox, rooms, publicUrl, now }),
    events: createEventService({ db, rooms, now, ...notices }),
    eventReads: createEventReads(db),
    eventRooms: createEventRooms({ db, rooms }),
    broadcast: createBroadcastService({ db, rooms, now, timers: deps.breakoutTimers ?? null }),
    liveRooms: createLiveRooms({ db, rooms, video, now }),
    roomDocuments: createRoomDocuments({ db, rooms }),
    planning: createPlanningService(db),
    participations: createParticipationService(db, notices),
    invitations: createInvitationService({ db, mailOutbox, calendar, publicUrl, invitationTtlSeconds, now }),
    filesDir,
    documents: createDocumentService({
      db,
      rooms,
      filesDir,
      now,
      storageQuotaBytes: config.LAB_STORAGE_QUOTA_BYTES,
      log,
    }),
    groups: createGroupService({ db, filesDir, log }),
    pictures: createPictureService({ db, filesDir, log }),
    medias: createMediaService({
      db,
      filesDir,
      now,
      log,
      buildLimits: {
        maxEntries: config.MEDIA_BUILD_MAX_ENTRIES,
        maxUnpackedBytes: config.MEDIA_BUILD_MAX_UNPACKED_BYTES,
      },
      // Pages on this machine outside production only: agencies (and the example media) serve them there.
      pageAddresses: { allowLoopback: config.NODE_ENV !== 'production' },
      storageQuotaBytes: config.LAB_STORAGE_QUOTA_BYTES,
    }),
    mediaTemplates: createMediaMailTemplates({ db, publicUrl, now }),
    polls: createPollService({ db, rooms, run: (command) => executeRestCommand(rooms, command), now }),
    stats: createStatsService({ db, now, audit }),
    audit,
    ledger: createLedgerExports({ db, signer: deps.ledgerSigner, now, audit }),
    personalData: createPersonalDataService({ db, now, audit }),
    erasure: createErasureService({
      db,
      now,
      forgetting: deps.forgetting ?? null,
      rebuildReadModels: () => rebuildReadModels(db),
      reminders: deps.reminders,
      filesDir,
      log,
    }),
    replay: createReplayService({ db }),
    certificates: createCertificateService({ db, publicUrl, now }),
    pharmacovigilance: createPharmacovigilanceService({ db, mailOutbox, now, audit }),
    registrations: createRegistrationService({
      db,
      mailOutbox,
      calendar,
      publicUrl,
      secret: deps.accessTokenSecret,
      invitationTtlSeconds,
      now,
    }),
    consents: createConsentService({ db, now, logInRoom: (command) => executeRestCommand(rooms, command) }),
  };
}
