// A person's data erased on their request (GDPR article 17; issue 32; docs/adr/0008): everything the
// caller's lab holds about an e-mail address, in one transaction. Rows that name the person are made
// anonymous; their data keys are deleted, so what those keys sealed in the session log and the audit
// trail reads '[erased]' while every signed chain still verifies; the read models folded from the log
// are rebuilt (a job), room caches dropped, the account's picture removed. Pharmacovigilance reports
// are kept under legal hold and named in the answer, for the requester to be told. The trail records
// the erasure with counts only.
import { randomUUID } from 'node:crypto';
import {
  conflict,
  DomainError,
  ERASURE_RULE_MESSAGES,
  forbidden,
  holdsMoreThan,
  notFound,
  type PersonalDataErasure,
  REASON_REQUIRED_MESSAGE,
  reportReference,
  USER_RULE_MESSAGES,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { actorOf } from '../audit/auditActor.ts';
import { currentAuditContext } from '../db/auditContext.ts';
import type { Db } from '../db/connection.ts';
import type { ReminderScheduler } from '../events/guestNotices.ts';
import { removePictures } from '../pictures/pictureFiles.ts';
import { usersOfLab } from '../users/users.repository.ts';
import {
  anonymiseAccount,
  anonymiseParticipants,
  anonymiseRegistrations,
  anySessionRunning,
  deleteKeys,
  dropRoomSnapshotsOfEvents,
  forgetMailRecipient,
  lockPerson,
} from './erasure.repository.ts';
import { findReports } from './personalData.repository.ts';
import { subjectsOfPerson } from './personalSubjects.ts';

/** What must follow an erasure outside its rows: the job queue's copies, the read models. */
export type Forgetting = {
  /** Within the erasure's transaction: its mails' jobs removed, the read models' rebuild enqueued. */
  afterErasure(trx: Db, mailJobIds: readonly string[]): Promise<void>;
};

export type ErasureServiceDeps = {
  db: Db;
  now: () => Date;
  /** The job queue's part; without a queue (a test's app) the read models are rebuilt before answering. */
  forgetting: Forgetting | null;
  rebuildReadModels: () => Promise<void>;
  reminders?: ReminderScheduler | undefined;
  /** Where the account's picture is stored, removed with the rest. */
  filesDir: string;
  log: { warn(details: object, message: string): void };
};

export function createErasureService(deps: ErasureServiceDeps) {
  return {
    async erase(caller: Caller, email: string): Promise<PersonalDataErasure> {
      const { principal } = caller;
      if (principal.kind !== 'user') throw notFound('user', 0);
      const context = currentAuditContext();
      // The route requires it; said again here, where the rule is the erasure's own.
      if (!context?.reason) throw new DomainError('validation', REASON_REQUIRED_MESSAGE);
      const { labId } = principal;
      const erasedAt = deps.now();
      const erasureId = randomUUID();

      const result = await deps.db.transaction().execute(async (trx) => {
        const { participations, account } = await lockPerson(trx, labId, email);
        if (account !== null) {
          if (account.id === principal.userId) {
            throw new DomainError('conflict', ERASURE_RULE_MESSAGES.yourself);
          }
          const [target] = await usersOfLab(trx, labId, [account.id], { lock: true });
          if (target && holdsMoreThan(target, principal)) throw forbidden(USER_RULE_MESSAGES.holdsMore);
        }
        const participantIds = participations.map((row) => row.id);
        const eventIds = [...new Set(participations.map((row) => row.event_id))];
        if (await anySessionRunning(trx, eventIds)) throw conflict(ERASURE_RULE_MESSAGES.sessionRunning);
        const userId = account?.id ?? null;
        const reports = await findReports(trx, labId, { email, participantIds, userId });

        // No reminder is mailed to an address that is about to route nowhere.
        for (const participantId of participantIds) await deps.reminders?.unscheduleGuest(trx, participantId);
        // Rows first: their audit entries are sealed under the keys deleted last, with the rest.
        await anonymiseParticipants(trx, participantIds);
        if (userId !== null) await anonymiseAccount(trx, userId, erasedAt);
        const registrationIds = await anonymiseRegistrations(trx, labId, email);
        const mailJobIds = await forgetMailRecipient(trx, labId, { email, participantIds });
        await dropRoomSnapshotsOfEvents(trx, eventIds);
        const keys = await deleteKeys(
          trx,
          subjectsOfPerson(labId, { email, userId, participantIds, registrationIds }),
        );

        const erasure: PersonalDataErasure = {
          erasureId,
          erasedAt: erasedAt.toISOString(),
          participations: participantIds.length,
          accounts: userId === null ? 0 : 1,
          keys,
          mails: mailJobIds.length,
          keptReports: reports.map((report) => ({
            id: report.id,
            reference: reportReference(report.id, report.created_at),
          })),
        };
        await insertAuditEntry(trx, {
          labId,
          actor: actorOf(caller),
          timeZone: context.timeZone,
          action: 'erase',
          recordType: 'person',
          recordId: erasureId,
          changes: [
            { field: 'participations', old: null, new: erasure.participations },
            { field: 'accounts', old: null, new: erasure.accounts },
            { field: 'registrations', old: null, new: registrationIds.length },
            { field: 'keys', old: null, new: erasure.keys },
            { field: 'mails', old: null, new: erasure.mails },
            {
              field: 'reports kept (legal hold)',
              old: null,
              new: erasure.keptReports.map((report) => report.reference).join(', ') || null,
            },
          ],
          reason: context.reason,
          via: context.via,
        });
        await deps.forgetting?.afterErasure(trx, mailJobIds);
        return { erasure, picture: account?.avatar_url ?? null };
      });
      // Their picture once nothing points at it any more (a file left behind is logged, not fatal).
      await removePictures(deps.filesDir, [result.picture], deps.log);
      if (deps.forgetting === null) await deps.rebuildReadModels();
      return result.erasure;
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
