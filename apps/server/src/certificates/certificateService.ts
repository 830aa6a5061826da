// Attendance certificates as the REST calls see them (issue 33, part 6): an event's rules, read by its
// managers and changed by who may change the event until it starts (409 after); who qualified and who did
// not (and why), for those who see the event's statistics; a certificate revoked with the caller's reason
// (the audit trail records it from the request); a guest's own certificate and its PDF; and the public
// check of a code, which says only whether it is valid and what it attests.
import {
  CERTIFICATE_NONE,
  CERTIFICATE_REVOKED,
  CERTIFICATE_RULES_LOCKED,
  CERTIFICATE_UNKNOWN,
  type CertificateRules,
  type CertificateRulesView,
  type CertificateStanding,
  type CertificateVerification,
  canChangeEvent,
  certificateRulesLocked,
  conflict,
  DomainError,
  type EventCertificates,
  forbidden,
  type IssuedCertificate,
  LOCALES,
  type Locale,
  type MyCertificate,
  minutesPresent,
  NOT_YOUR_EVENT,
  normalizeCertificateCode,
  notFound,
  presencePercent,
  qualification,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import { findVisibleEvent } from '../access/visibleEvents.ts';
import { currentAuditContext } from '../db/auditContext.ts';
import type { Db } from '../db/connection.ts';
import { certificateFileName } from './certificateIssuance.ts';
import { certificateContentOf, certificatePdf } from './certificatePdf.ts';
import {
  type CertificateRecord,
  eventFigures,
  figuresFinal,
  findCertificateByCode,
  findEventStage,
  findParticipantCertificate,
  findRules,
  heldMs,
  listEventCertificates,
  participationOfUser,
  revokeCertificate,
  saveRules,
} from './certificates.repository.ts';

export type CertificateService = ReturnType<typeof createCertificateService>;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function issued(record: CertificateRecord): IssuedCertificate {
  return {
    id: record.id,
    code: record.code,
    minutes_present: record.minutes_present,
    event_minutes: record.event_minutes,
    polls_answered: record.polls_answered,
    issued_at: record.issued_at.toISOString(),
    revoked_at: iso(record.revoked_at),
  };
}

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/** Each participant's figures under the rules, with their certificate when one was issued. */
function standingsOf(
  rules: CertificateRules,
  { held, participants }: Awaited<ReturnType<typeof eventFigures>>,
  certificates: readonly CertificateRecord[],
): CertificateStanding[] {
  const eventMs = heldMs(held);
  const issuedTo = new Map(certificates.map((record) => [record.participant_id, record]));
  return participants.map((each) => {
    const certificate = issuedTo.get(each.participant_id);
    const figures = { presentMs: each.present_ms, eventMs, pollsAnswered: each.polls_answered };
    return {
      participant_id: each.participant_id,
      name: each.name || each.email,
      minutes_present: minutesPresent(each.present_ms),
      presence_percent: presencePercent(figures),
      polls_answered: each.polls_answered,
      shortfalls: qualification(rules, figures),
      certificate: certificate
        ? { ...issued(certificate), revoked_reason: certificate.revoked_reason }
        : null,
    };
  });
}

export function createCertificateService(deps: { db: Db; publicUrl: string; now: () => Date }) {
  const { db } = deps;

  /** The event if the caller sees it (else 404, as another lab's), with where it stands. */
  async function visibleEvent(caller: Caller, eventId: number) {
    const visible = await findVisibleEvent(db, caller.principal, eventId);
    const stage = visible && (await findEventStage(db, eventId));
    if (!stage) throw notFound('event', eventId);
    return stage;
  }

  /** The caller's participation in the event: a guest's own, or an account's. */
  async function participationOf(caller: Caller, eventId: number): Promise<number | undefined> {
    const { principal } = caller;
    if (principal.kind === 'guest') return principal.participantId;
    return participationOfUser(db, eventId, { userId: principal.userId, email: caller.user.email });
  }

  return {
    async rules(caller: Caller, eventId: number): Promise<CertificateRulesView> {
      const event = await visibleEvent(caller, eventId);
      return { ...(await findRules(db, eventId)), locked: certificateRulesLocked(event) };
    },

    async setRules(caller: Caller, eventId: number, rules: CertificateRules): Promise<CertificateRulesView> {
      await visibleEvent(caller, eventId);
      await db.transaction().execute(async (trx) => {
        // Locked with the row the start and close change, so a start cannot slip between check and save.
        const event = await trx
          .selectFrom('events')
          .select(['id', 'lab_id', 'owner_id', 'active', 'start_date', 'end_date'])
          .where('id', '=', eventId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (!canChangeEvent(caller.principal, { ownerId: event.owner_id })) throw forbidden(NOT_YOUR_EVENT);
        if (certificateRulesLocked(event)) {
          throw conflict(CERTIFICATE_RULES_LOCKED);
        }
        await saveRules(trx, { id: eventId, labId: event.lab_id }, rules, deps.now());
      });
      return { ...rules, locked: false };
    },

    /** Who qualifies and who does not, and why: live figures until the certificates are issued. */
    async standings(caller: Caller, eventId: number): Promise<EventCertificates> {
      const event = await visibleEvent(caller, eventId);
      const rules = await findRules(db, eventId);
      const figures = await eventFigures(db, eventId);
      const certificates = await listEventCertificates(db, eventId);
      return {
        rules,
        event_minutes: Math.floor(heldMs(figures.held) / 60_000),
        closed: event.end_date !== null,
        participants: standingsOf(rules, figures, certificates),
      };
    },

    async revoke(caller: Caller, eventId: number, certificateId: number): Promise<IssuedCertificate> {
      const event = await visibleEvent(caller, eventId);
      if (
        caller.principal.kind !== 'user' ||
        !canChangeEvent(caller.principal, { ownerId: event.owner_id })
      ) {
        throw forbidden(NOT_YOUR_EVENT);
      }
      // The route requires a reason (REASON_HEADER): it is the trail's, and kept on the certificate.
      const reason = currentAuditContext()?.reason;
      if (!reason) throw new DomainError('validation', 'A reason is required for this change.');
      await revokeCertificate(db, {
        eventId,
        certificateId,
        reason,
        by: caller.principal.userId,
        at: deps.now(),
      });
      const record = (await listEventCertificates(db, eventId)).find((each) => each.id === certificateId);
      if (!record) throw notFound('certificate', certificateId);
      return issued(record);
    },

    /** The caller's certificate for the event, or whether one may still come. */
    async mine(caller: Caller, eventId: number): Promise<MyCertificate> {
      const event = await visibleEvent(caller, eventId);
      const participantId = await participationOf(caller, eventId);
      if (participantId === undefined) return { status: 'none' };
      const record = await findParticipantCertificate(db, eventId, participantId);
      if (record) return { status: 'issued', certificate: issued(record) };
      const rules = await findRules(db, eventId);
      if (!rules.enabled) return { status: 'none' };
      if (event.end_date === null || !(await figuresFinal(db, eventId))) return { status: 'pending' };
      // Final figures and no certificate: the job is about to issue it, or they did not qualify.
      const own = standingsOf(rules, await eventFigures(db, eventId), []).find(
        (each) => each.participant_id === participantId,
      );
      return { status: own?.shortfalls.length === 0 ? 'pending' : 'none' };
    },

    /** The caller's certificate as a PDF, in the language it was issued in (theirs). */
    async myPdf(caller: Caller, eventId: number): Promise<{ fileName: string; pdf: Buffer }> {
      await visibleEvent(caller, eventId);
      const participantId = await participationOf(caller, eventId);
      const record =
        participantId === undefined
          ? undefined
          : await findParticipantCertificate(db, eventId, participantId);
      if (!record) throw conflict(CERTIFICATE_NONE);
      if (record.revoked_at !== null) throw new DomainError('gone', CERTIFICATE_REVOKED);
      const locale = isLocale(record.locale) ? record.locale : 'en';
      const pdf = await certificatePdf(certificateContentOf(record, deps.publicUrl), locale);
      return { fileName: certificateFileName(eventId, locale), pdf };
    },

    /** The public check: valid or revoked, and what the certificate attests; an unknown code is 404. */
    async verify(typed: string): Promise<CertificateVerification> {
      const code = normalizeCertificateCode(typed);
      const record = code === null ? undefined : await findCertificateByCode(db, code);
      if (!record) throw new DomainError('not_found', CERTIFICATE_UNKNOWN);
      return {
        status: record.revoked_at === null ? 'valid' : 'revoked',
        code: record.code,
        name: record.name,
        event_name: record.event_name,
        held_at: record.held_at.toISOString(),
        time_zone: record.time_zone,
        minutes_present: record.minutes_present,
      };
    },
  };
}
