// Issuing an event's attendance certificates once it has closed: a job enqueued with the close's own
// transaction (so a close that rolls back issues nothing, and closing twice is one job). The job waits
// for the figures to be final (the `sessions` projection has folded every room's end: it fails and is
// tried again a little later until then), applies the event's rules to each participant's figures, and
// in one transaction stores each new certificate with its figures frozen and hands its mail, the PDF
// attached, to the outbox under a key of the certificate's: issued once, mailed once, however often the
// job runs.
import { createHash, randomBytes } from 'node:crypto';
import {
  CODE_LENGTH,
  certificateCodeOf,
  formatCertificateCode,
  minutesPresent,
  qualification,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import type { CertificateNotices } from '../events/guestNotices.ts';
import type { JobQueue, QueueSettings } from '../jobs/jobQueue.ts';
import { certificateMail } from '../mail/certificateMail.ts';
import { guestMail } from '../mail/guestMail.ts';
import { mailAddressee, mailEventsOf, mailGuestsOf, mailLanguageOf } from '../mail/guestsAndEvents.ts';
import type { MailOutbox, QueuedMail } from '../mail/mailOutbox.ts';
import { certificateContentOf, certificatePdf } from './certificatePdf.ts';
import {
  eventFigures,
  figuresFinal,
  findCertificatesByIds,
  findRules,
  insertCertificates,
  type NewCertificate,
} from './certificates.repository.ts';

export const CERTIFICATE_QUEUE = 'certificate-issue';

/**
 * Tried every few seconds while the projection catches up (usually a second or two after the close),
 * backing off to a minute; after about two hours of figures that never become final the job is kept as
 * failed, with why, for an operator (`npm run projections -- status` says what the projection waits for).
 */
const ISSUE_RETRIES: QueueSettings = {
  retryLimit: 150,
  retryDelaySeconds: 2,
  retryDelayMaxSeconds: 60,
  deleteAfterSeconds: 7 * 24 * 3600,
};

type IssueJob = { eventId: number };

/** A stable job id per event: closing an event again (a retry of the rooms' ends) is the same job. */
const jobIdOf = (eventId: number) => {
  const hex = createHash('sha256').update(`lablive-certificates:${eventId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** A fresh verification code: 20 random values 0-31 (256 is a multiple of 32, so each is uniform). */
export const newCertificateCode = () => certificateCodeOf([...randomBytes(CODE_LENGTH)]);

/** Not an error of the job: the figures are not final yet; it is tried again. */
export class FiguresNotFinal extends Error {}

export type IssuanceDeps = { db: Db; mailOutbox: MailOutbox; publicUrl: string };

/** Issues (and mails) the certificates of a closed event not issued yet; answers how many it issued. */
export async function issueEventCertificates(deps: IssuanceDeps, eventId: number): Promise<number> {
  const { db } = deps;
  const event = (await mailEventsOf(db, [eventId])).get(eventId);
  if (!event || event.end_date === null) return 0;
  const rules = await findRules(db, eventId);
  if (!rules.enabled) return 0;
  if (!(await figuresFinal(db, eventId)))
    throw new FiguresNotFinal(`event ${eventId}: figures not final yet`);
  const { held, participants } = await eventFigures(db, eventId);
  if (held.first_start === null || held.last_end === null) return 0;
  const eventMs = held.last_end.getTime() - held.first_start.getTime();
  const qualifying = participants.filter(
    (each) =>
      qualification(rules, {
        presentMs: each.present_ms,
        eventMs,
        pollsAnswered: each.polls_answered,
      }).length === 0,
  );
  if (qualifying.length === 0) return 0;
  const guests = await mailGuestsOf(
    db,
    qualifying.map((each) => each.participant_id),
  );
  const lab = await db
    .selectFrom('labs')
    .select('name')
    .where('id', '=', event.lab_id)
    .executeTakeFirstOrThrow();
  const heldAt = held.first_start;
  const certificates: NewCertificate[] = qualifying.flatMap((each) => {
    const guest = guests.get(each.participant_id);
    if (!guest) return [];
    return [
      {
        labId: event.lab_id,
        eventId,
        participantId: each.participant_id,
        code: newCertificateCode(),
        name: each.name || each.email,
        eventName: event.name,
        labName: lab.name,
        heldAt,
        timeZone: event.default_timezone,
        locale: mailLanguageOf(guest, event),
        minutesPresent: minutesPresent(each.present_ms),
        eventMinutes: Math.floor(eventMs / 60_000),
        pollsAnswered: each.polls_answered,
      },
    ];
  });
  return db.transaction().execute(async (trx) => {
    const inserted = await insertCertificates(trx, certificates);
    const issued = await findCertificatesByIds(
      trx,
      inserted.map((row) => row.id),
    );
    const mails: QueuedMail[] = [];
    for (const certificate of issued) {
      const guest = guests.get(certificate.participant_id);
      if (!guest) continue;
      const locale = mailLanguageOf(guest, event);
      const content = certificateContentOf(certificate, deps.publicUrl);
      const pdf = await certificatePdf(content, locale);
      const rendered = certificateMail(locale, {
        ...content,
        code: formatCertificateCode(certificate.code),
      });
      const queued = guestMail(
        'certificate',
        mailAddressee(guest, event),
        rendered,
        `certificate-${certificate.id}`,
      );
      mails.push({
        ...queued,
        mail: {
          ...queued.mail,
          attachments: [
            {
              filename: certificateFileName(certificate.event_id, locale),
              contentType: 'application/pdf',
              contentBase64: pdf.toString('base64'),
            },
          ],
        },
      });
    }
    await deps.mailOutbox.sendMany(trx, mails);
    return issued.length;
  });
}

/** The PDF's file name, in the holder's language. */
export const certificateFileName = (eventId: number, locale: string) =>
  `${locale === 'fr' ? 'attestation' : locale === 'de' ? 'teilnahmebescheinigung' : 'certificate'}-${eventId}.pdf`;

/** The job that issues an event's certificates once it closes, worked on this instance. */
export async function createCertificateIssuance(
  deps: IssuanceDeps & { queue: JobQueue },
): Promise<CertificateNotices> {
  await deps.queue.define<IssueJob>(CERTIFICATE_QUEUE, ISSUE_RETRIES, async ({ eventId }) => {
    await issueEventCertificates(deps, eventId);
  });
  return {
    async eventClosed(db, eventId) {
      await deps.queue.enqueue(db, CERTIFICATE_QUEUE, { eventId }, { id: jobIdOf(eventId) });
    },
  };
}
