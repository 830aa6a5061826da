// A person's data gathered for them (GDPR, article 15; issue 32): everything the caller's lab holds
// about an e-mail address, as JSON or as a readable PDF in the reader's language. Patients named in a
// pharmacovigilance report and other people met in a room are not the person's data and are left out:
// a report is listed by its reference, its drug and the person's part in it. The export is recorded in
// the audit trail (who asked, for which address).
import { type PersonalDataQuery, type Principal, reportReference } from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import type { AuditService } from '../audit/auditService.ts';
import { givenConsents } from '../consents/consents.repository.ts';
import type { Db } from '../db/connection.ts';
import {
  findAccount,
  findDownloads,
  findMails,
  findOwnAuditEntries,
  findOwnSessionEvents,
  findParticipations,
  findRegistrations,
  findReports,
} from './personalData.repository.ts';
import { personalDataPdf } from './personalDataPdf.ts';
import { addressSubject } from './personalSubjects.ts';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export async function gatherPersonalData(db: Db, caller: Principal, email: string, now: Date) {
  const { labId } = caller;
  const [account, participations, mails, registrations] = await Promise.all([
    findAccount(db, labId, email),
    findParticipations(db, caller, email),
    findMails(db, labId, email),
    findRegistrations(db, labId, email),
  ]);
  const participantIds = participations.map((row) => row.id);
  const userId = account?.id ?? null;
  const eventIds = [...new Set(participations.map((row) => row.event_id))];
  const [sessionEvents, reports, downloads, auditEntries, consents] = await Promise.all([
    findOwnSessionEvents(db, labId, { participantIds, userId, eventIds }),
    findReports(db, labId, { email, participantIds, userId }),
    findDownloads(db, labId, { participantIds, userId }),
    findOwnAuditEntries(db, labId, { email, userId }),
    // What they accepted and withdrew (issue 33), with the words of each version.
    Promise.all(participantIds.map((id) => givenConsents(db, id))),
  ]);
  return {
    email,
    gatheredAt: now.toISOString(),
    account: account
      ? {
          id: account.id,
          email: account.email,
          firstName: account.first_name,
          lastName: account.last_name,
          job: account.job,
          address: account.address,
          therapeuticArea: account.therapeutic_area,
          locale: account.locale,
          createdAt: iso(account.created_at),
          deactivatedAt: iso(account.deactivated_at),
          roles: account.roles ?? [],
          permissions: account.permissions ?? [],
          groups: account.groups ?? [],
        }
      : null,
    participations: participations.map((row) => ({
      event: row.event_name,
      eventId: row.event_id,
      eventStart: iso(row.planned_start_date),
      role: row.role,
      room: row.room_name,
      name: row.name,
      firstName: row.first_name,
      lastName: row.last_name,
      job: row.job,
      location: row.location,
      timeZone: row.timezone,
      locale: row.locale,
      invitedAt: iso(row.created_at),
    })),
    registrations: registrations.map((row) => ({
      event: row.event,
      status: row.status,
      firstName: row.first_name,
      lastName: row.last_name,
      locale: row.locale,
      timeZone: row.time_zone,
      answers: row.answers,
      registeredAt: iso(row.created_at),
      confirmedAt: iso(row.confirmed_at),
    })),
    roomActivity: sessionEvents.map((row) => ({
      room: Number(row.stream_id.replace('room-', '')),
      type: row.type,
      at: iso(row.occurred_at),
      data: row.data,
    })),
    pharmacovigilanceReports: reports.map((row) => ({
      reference: reportReference(row.id, row.created_at),
      filedAt: iso(row.created_at),
      drug: row.drug_name,
      session: row.session_name,
      part: ((userId !== null && row.user_id === userId) || participantIds.includes(row.participant_id ?? -1)
        ? 'reporter'
        : 'doctor') as 'reporter' | 'doctor',
      archived: row.deleted_at !== null,
    })),
    mails: mails.map((row) => ({
      kind: row.kind,
      subject: row.subject,
      state: row.state,
      at: iso(row.created_at),
    })),
    consents: consents.flat().map((row) => ({
      kind: row.kind,
      version: row.version,
      required: row.required,
      texts: row.texts,
      source: row.source,
      givenAt: row.given_at,
      withdrawnAt: row.withdrawn_at,
    })),
    documentDownloads: downloads.map((row) => ({ document: row.document, at: iso(row.downloaded_at) })),
    auditTrail: auditEntries.map((row) => ({
      at: iso(row.at),
      action: row.action,
      record: row.record_type,
      recordId: row.record_id,
      reason: row.reason,
    })),
  };
}

export type PersonalData = Awaited<ReturnType<typeof gatherPersonalData>>;

export function createPersonalDataService(deps: {
  db: Db;
  now: () => Date;
  audit: Pick<AuditService, 'recordExport'>;
}) {
  return {
    async export(caller: Caller, query: PersonalDataQuery) {
      const data = await gatherPersonalData(deps.db, caller.principal, query.email, deps.now());
      const stamp = data.gatheredAt.slice(0, 10);
      const base = `personal-data-${stamp}`;
      const file =
        query.format === 'pdf'
          ? {
              fileName: `${base}.pdf`,
              contentType: 'application/pdf',
              body: await personalDataPdf(data, query.locale ?? caller.user.locale, query.timeZone ?? 'UTC'),
            }
          : {
              fileName: `${base}.json`,
              contentType: 'application/json; charset=utf-8',
              body: Buffer.from(`${JSON.stringify(data, null, 2)}\n`),
            };
      await deps.audit.recordExport(caller, {
        recordType: 'person',
        recordId: null,
        file: file.fileName,
        person: { email: query.email, subject: addressSubject(caller.principal.labId, query.email) },
        timeZone: query.timeZone ?? null,
      });
      return file;
    },
  };
}

export type PersonalDataService = ReturnType<typeof createPersonalDataService>;
