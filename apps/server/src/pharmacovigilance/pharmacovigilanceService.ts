// Pharmacovigilance as the routes run it (back-office spec 2.9, live-room spec 5): filing a report from a
// room (stored, then mailed to the lab's active receivers with its PDF, and acknowledged to the reporter
// with its reference), the lab's receivers (added several at once, each address once), and the lab's
// reports (listed, read, printed, archived). Everything is scoped to the caller's lab: another lab's
// receiver or report is as absent as an unknown one. SQL stays in the repositories beside this file.

import {
  type createReceiversRequestSchema,
  DomainError,
  forbidden,
  type IdsRequest,
  type Locale,
  notFound,
  type PharmacovigilanceReceiver,
  type PharmacovigilanceReportRequest,
  type Principal,
  type ReportDetail,
  type ReportListResponse,
  type UpdateReceiverRequest,
} from '@lablive/domain';
import type { z } from 'zod';
import type { Caller } from '../access/caller.ts';
import type { AuditService } from '../audit/auditService.ts';
import type { Db } from '../db/connection.ts';
import { findRoomInLab } from '../events/rooms.repository.ts';
import { findLab } from '../labs/labs.repository.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import { pharmacovigilanceAcknowledgementMail, pharmacovigilanceReportMail } from '../mail/templates.ts';
import { findOwnParticipation } from '../participants/participants.repository.ts';
import {
  deleteReceivers,
  findReceiversByAddress,
  insertReceivers,
  listActiveReceivers,
  listReceivers,
  lockLabReceivers,
  receiverAddress,
  updateReceiver,
} from './receivers.repository.ts';
import { reportPdf } from './reportPdf.ts';
import { archiveReports, findLabReport, insertReport, listLabReports } from './reports.repository.ts';

export type PharmacovigilanceServiceDeps = {
  db: Db;
  mailOutbox: MailOutbox;
  now: () => Date;
  /** Records each PDF downloaded in the audit trail: an export of a report. */
  audit: Pick<AuditService, 'recordExport'>;
};

/** Where filing a report says what went wrong with its mails (the request's log). */
export type FilingLog = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** The language of the receivers' mail and of its PDF: their lab's default language (issue 28). */
async function receiversLocale(db: Db, labId: number): Promise<Locale> {
  return (await findLab(db, labId))?.defaultLocale ?? 'fr';
}

type CreateReceivers = z.output<typeof createReceiversRequestSchema>;

export type PharmacovigilanceService = ReturnType<typeof createPharmacovigilanceService>;

export function createPharmacovigilanceService(deps: PharmacovigilanceServiceDeps) {
  return {
    /**
     * A participant of the room's event files a report. It is stored first, then mailed; answers whether
     * every receiver's mail was handed over.
     */
    fileReport: (caller: Caller, request: PharmacovigilanceReportRequest, log: FilingLog) =>
      fileReport(deps, caller, request, log),

    listReceivers: (principal: Principal) => listReceivers(deps.db, principal.labId),

    /**
     * Adds addresses to the lab's receivers, each once: an address the lab already has (or one sent
     * twice) is answered as the receiver it already is. Answers them in the order sent.
     */
    addReceivers: (principal: Principal, request: CreateReceivers) => addReceivers(deps, principal, request),

    /** Changes a receiver's address (not to one the lab already has) or switches it on or off. */
    changeReceiver: (principal: Principal, id: number, changes: UpdateReceiverRequest) =>
      changeReceiver(deps, principal, id, changes),

    async removeReceiver(principal: Principal, id: number): Promise<void> {
      if ((await deleteReceivers(deps.db, principal.labId, [id])) === 0) {
        throw notFound('pharmacovigilance receiver', id);
      }
    },

    /** Removes those of `ids` that are the lab's receivers; the others are not counted. */
    removeReceivers: async (principal: Principal, { ids }: IdsRequest) => ({
      removed: await deleteReceivers(deps.db, principal.labId, ids),
    }),

    listReports: (
      principal: Principal,
      page: { start: number; count: number },
    ): Promise<ReportListResponse> => listLabReports(deps.db, principal.labId, page),

    report: async (principal: Principal, id: number): Promise<ReportDetail> =>
      (await findReport(deps, principal, id)).report,

    /**
     * The report as a PDF with its labels in `locale`, and its reference (the name to download it
     * under); the download is an export the audit trail records.
     */
    async reportPdf(caller: Caller, id: number, locale: Locale): Promise<{ reference: string; pdf: Buffer }> {
      const record = await findReport(deps, caller.principal, id);
      const pdf = await reportPdf(record, locale);
      const file = `${record.report.reference}.pdf`;
      await deps.audit.recordExport(caller, {
        recordType: 'pharmacovigilance-report',
        recordId: String(id),
        file,
      });
      return { reference: record.report.reference, pdf };
    },

    /** Archives a report: out of the lists, its row kept with who archived it and when. */
    async archiveReport(principal: Principal, id: number): Promise<void> {
      if ((await archiveReports(deps.db, principal.labId, [id], whoArchives(deps, principal))) === 0) {
        throw notFound('pharmacovigilance report', id);
      }
    },

    /** Archives those of `ids` that are the lab's reports and not archived yet. */
    archiveReports: async (principal: Principal, { ids }: IdsRequest) => ({
      removed: await archiveReports(deps.db, principal.labId, ids, whoArchives(deps, principal)),
    }),
  };
}

async function findReport({ db }: PharmacovigilanceServiceDeps, principal: Principal, id: number) {
  const record = await findLabReport(db, principal.labId, id);
  if (!record) throw notFound('pharmacovigilance report', id);
  return record;
}

/** The report's PDF as a mail attachment; a report is mailed without it rather than not at all. */
async function pdfAttachment(
  { db }: PharmacovigilanceServiceDeps,
  labId: number,
  reportId: number,
  log: FilingLog,
  locale: Locale,
): Promise<MailAttachment[]> {
  try {
    const record = await findLabReport(db, labId, reportId);
    if (!record) return [];
    const pdf = await reportPdf(record, locale);
    return [
      {
        filename: `${record.report.reference}.pdf`,
        contentType: 'application/pdf',
        contentBase64: pdf.toString('base64'),
      },
    ];
  } catch (error) {
    log.error({ err: error, reportId }, 'pharmacovigilance report PDF not made');
    return [];
  }
}

function whoArchives({ now }: PharmacovigilanceServiceDeps, principal: Principal) {
  if (principal.kind !== 'user') throw forbidden('Only lab staff delete reports.');
  return { userId: principal.userId, at: now() };
}

/**
 * A participant of the room's event files a report. It is stored first, then mailed; answers whether
 * every receiver's mail was handed over.
 */
async function fileReport(
  deps: PharmacovigilanceServiceDeps,
  caller: Caller,
  request: PharmacovigilanceReportRequest,
  log: FilingLog,
): Promise<{ id: number; mailed: boolean }> {
  const filed = await storeReport(deps, caller, request);
  // The report is committed and safe: the lab sees it in its report list whatever happens to the
  // mail. A failed mail is logged and answered as `mailed: false`, never as a failed report.
  const mailed = await mailReport(deps, caller, filed, log);
  return { id: filed.stored.id, mailed };
}

/** The report stored, for a participant of the room's event. */
async function storeReport(
  { db, now }: PharmacovigilanceServiceDeps,
  caller: Caller,
  request: PharmacovigilanceReportRequest,
) {
  const { principal } = caller;
  const { room_id: roomId, ...report } = request;
  const room = await findRoomInLab(db, principal.labId, roomId);
  if (!room) throw notFound('room', roomId);
  const participation = await findOwnParticipation(
    db,
    { principal, email: caller.user.email },
    room.event_id,
  );
  if (!participation) throw forbidden('Only participants of this event can file a report from its rooms.');
  const stored = await insertReport(
    db,
    {
      labId: principal.labId,
      eventId: room.event_id,
      roomId: room.id,
      userId: principal.kind === 'user' ? principal.userId : null,
      participantId: participation.id,
      username: caller.user.name,
      sessionName: room.event_name,
    },
    report,
    // Filing signs the report as its author (21 CFR 11.50): the form says so beside its button.
    { name: caller.user.name, at: now(), meaning: 'authorship' },
  );
  return { room, participation, stored, report };
}

type StoredReport = Awaited<ReturnType<typeof storeReport>>;

/**
 * The report mailed to each active receiver with its PDF, and acknowledged to the reporter; answers
 * whether every receiver's mail was handed over.
 */
async function mailReport(
  deps: PharmacovigilanceServiceDeps,
  caller: Caller,
  { room, participation, stored, report }: StoredReport,
  log: FilingLog,
): Promise<boolean> {
  const { db, mailOutbox } = deps;
  const { principal } = caller;
  const receivers = await listActiveReceivers(db, principal.labId);
  if (receivers.length === 0) {
    log.warn({ reportId: stored.id, labId: principal.labId }, 'no active pharmacovigilance receiver');
  }
  const about = { labId: principal.labId, eventId: room.event_id };
  const locale = await receiversLocale(db, principal.labId);
  const mail = pharmacovigilanceReportMail(locale, {
    reportId: stored.id,
    username: caller.user.name,
    sessionName: room.event_name,
    filedAt: stored.created_at,
    timeZone: room.event_timezone,
    report,
  });
  const attachments =
    receivers.length > 0 ? await pdfAttachment(deps, principal.labId, stored.id, log, locale) : [];
  // One mail per receiver, so no receiver learns the others' addresses; queued (retried while the
  // mail server refuses), one per report and receiver.
  const receiverMails = Promise.allSettled(
    receivers.map((to) =>
      mailOutbox.send(db, { to, ...mail, attachments }, `pharmacovigilance-${stored.id}-${to}`, {
        kind: 'pharmacovigilance',
        ...about,
      }),
    ),
  );
  // The reporter learns the report is recorded, and under which reference, in their own language.
  const acknowledgement = caller.user.email
    ? mailOutbox
        .send(
          db,
          {
            to: caller.user.email,
            ...pharmacovigilanceAcknowledgementMail(caller.user.locale, {
              name: caller.user.name,
              reportId: stored.id,
              drugName: report.drug_name,
              sessionName: room.event_name,
              filedAt: stored.created_at,
              timeZone: room.event_timezone,
              signature: {
                name: caller.user.name,
                signedAt: stored.signed_at,
                meaning: 'authorship',
                contentHash: stored.content_hash.toString('hex'),
              },
            }),
          },
          `pharmacovigilance-ack-${stored.id}`,
          { kind: 'pharmacovigilance_ack', ...about, participantId: participation.id },
        )
        .catch((error: unknown) => {
          log.error({ err: error, reportId: stored.id }, 'pharmacovigilance acknowledgement not sent');
        })
    : Promise.resolve();
  const [results] = await Promise.all([receiverMails, acknowledgement]);
  for (const result of results) {
    if (result.status === 'rejected') {
      log.error({ err: result.reason, reportId: stored.id }, 'pharmacovigilance mail not sent');
    }
  }
  return receivers.length > 0 && results.every((result) => result.status === 'fulfilled');
}

/**
 * Adds addresses to the lab's receivers, each once: an address the lab already has (or one sent
 * twice) is answered as the receiver it already is. Answers them in the order sent.
 */
async function addReceivers(
  { db }: PharmacovigilanceServiceDeps,
  principal: Principal,
  request: CreateReceivers,
): Promise<PharmacovigilanceReceiver[]> {
  const foreign = request.emails.findIndex(
    (entry) => entry.lab_id !== undefined && entry.lab_id !== principal.labId,
  );
  if (foreign !== -1) {
    throw forbidden(`emails.${foreign}.lab_id: receivers can only be added to your own lab.`);
  }
  // The first mention of an address decides whether it starts active.
  const wanted = new Map<string, boolean>();
  for (const { email, active } of request.emails) {
    const address = receiverAddress(email);
    if (!wanted.has(address)) wanted.set(address, active);
  }
  return db.transaction().execute(async (trx) => {
    await lockLabReceivers(trx, principal.labId);
    const byAddress = new Map<string, PharmacovigilanceReceiver>();
    for (const receiver of await findReceiversByAddress(trx, principal.labId, [...wanted.keys()])) {
      const address = receiverAddress(receiver.email);
      if (!byAddress.has(address)) byAddress.set(address, receiver);
    }
    const missing = [...wanted].filter(([address]) => !byAddress.has(address));
    const created = await insertReceivers(
      trx,
      principal.labId,
      missing.map(([email, active]) => ({ email, active })),
    );
    for (const receiver of created) byAddress.set(receiver.email, receiver);
    return [...wanted.keys()].flatMap((address) => byAddress.get(address) ?? []);
  });
}

/** Changes a receiver's address (not to one the lab already has) or switches it on or off. */
async function changeReceiver(
  { db }: PharmacovigilanceServiceDeps,
  principal: Principal,
  id: number,
  changes: UpdateReceiverRequest,
): Promise<PharmacovigilanceReceiver> {
  const email = changes.email === undefined ? undefined : receiverAddress(changes.email);
  return db.transaction().execute(async (trx) => {
    await lockLabReceivers(trx, principal.labId);
    const changed = await updateReceiver(trx, principal.labId, id, { email, active: changes.active });
    if (!changed) throw notFound('pharmacovigilance receiver', id);
    if (email !== undefined) {
      const others = await findReceiversByAddress(trx, principal.labId, [email]);
      if (others.some((other) => other.id !== id)) {
        throw new DomainError('conflict', `The lab already has the receiver ${email}.`);
      }
    }
    return changed;
  });
}
