// The server's one entry for test support (packages/testkit): what a test harness builds a server or a
// database from. Product code never imports it; the testkit imports the server only through here.

export { issueInvitationToken } from '../auth/invitations.repository.ts';
export { hashPassword } from '../auth/passwords.ts';
export { BREAKOUT_QUEUE, startBreakoutTimers } from '../broadcast/breakoutTimers.ts';
export { createInProcessBus } from '../bus/index.ts';
export { calendarPageUrl } from '../calendar/calendarLink.ts';
export { createCertificateIssuance } from '../certificates/certificateIssuance.ts';
export { createDb, type Db } from '../db/connection.ts';
export { letPostgresAccountTraverse } from '../db/embeddedPostgres.ts';
export { freePort } from '../db/freePort.ts';
export { migrateToLatest } from '../db/migrate.ts';
export { buildApp } from '../http/app.ts';
export { createJobQueue } from '../jobs/jobQueue.ts';
export { createSmtpMailer, type Mailer } from '../mail/mailer.ts';
export { createQueuedMailOutbox } from '../mail/mailOutbox.ts';
export { mboxMessages } from '../mail/mbox.ts';
export { createJanusServer, type JanusServer } from '../media/janusServer.ts';
export { createMediaServers, type MediaServers } from '../media/mediaServers.ts';
export type { GatewayStats } from '../observability/gatewayStats.ts';
export { startForgetting } from '../personal-data/forgettingJobs.ts';
export { createReminderScheduler } from '../reminders/reminderJobs.ts';
export { createRoomService } from '../rooms/createRoomService.ts';
export { DEMO_PASSWORD } from '../seed/demoData.ts';
