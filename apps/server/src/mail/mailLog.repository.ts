// The mail log's rows (migrations/20261124T130000_mail_log.ts): written when a mail is handed to the
// queue, in the transaction of the change that causes it, then moved along by the worker that sends it.
import type { MailKind, MailLogEntry } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** What a mail is about, for its row in the log. */
export type MailAbout = {
  kind: MailKind;
  labId?: number | null | undefined;
  eventId?: number | null | undefined;
  participantId?: number | null | undefined;
};

/** Longest error kept: the mail server's answer, not a stack. */
const MAX_ERROR_LENGTH = 1000;

type HandedOver = { jobId: string; about: MailAbout; mail: { to: string; subject: string } };

/** What a mail's row says of it, whatever became of it. */
const logRow = ({ jobId, about, mail }: HandedOver) => ({
  job_id: jobId,
  kind: about.kind,
  lab_id: about.labId ?? null,
  event_id: about.eventId ?? null,
  participant_id: about.participantId ?? null,
  recipient: mail.to,
  subject: mail.subject,
});

/** Mails handed over (one or a batch), a row each, in one statement. */
export async function recordQueuedMails(db: Db, queued: readonly HandedOver[]): Promise<void> {
  if (queued.length === 0) return;
  await db
    .insertInto('mail_log')
    .values(queued.map(logRow))
    // The same mail handed over twice is one job and one row.
    .onConflict((conflict) => conflict.column('job_id').doNothing())
    .execute();
}

/** How one attempt at a mail went: sent, or failed with the mail server's answer (`final`: no attempt left). */
export type MailAttempt = HandedOver & {
  outcome: { sent: true } | { sent: false; error: string; final: boolean };
};

/**
 * Mails sent straight from a job of their own (a reminder's), logged once they were tried: a row each,
 * made or moved along, in one statement for the batch (one write a mail, where a row written before and
 * updated after made two).
 */
export async function recordMailAttempts(db: Db, attempts: readonly MailAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const now = new Date();
  await db
    .insertInto('mail_log')
    .values(
      attempts.map(({ outcome, ...handedOver }) => ({
        ...logRow(handedOver),
        state: outcome.sent ? 'sent' : outcome.final ? 'failed' : 'retrying',
        attempts: 1,
        last_error: outcome.sent ? null : outcome.error.slice(0, MAX_ERROR_LENGTH),
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('job_id').doUpdateSet((row) => ({
        state: row.ref('excluded.state'),
        attempts: sql`mail_log.attempts + 1`,
        last_error: row.ref('excluded.last_error'),
        updated_at: row.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** These mails were handed to the mail server (or written to the outbox). */
export async function markMailsSent(db: Db, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .updateTable('mail_log')
    .set({ state: 'sent', attempts: sql`attempts + 1`, last_error: null, updated_at: new Date() })
    .where('job_id', 'in', jobIds)
    .execute();
}

/** An attempt failed: `final` when no attempt is left (the mail is failed for good). */
export async function markMailAttemptFailed(db: Db, jobId: string, error: string, final: boolean) {
  await db
    .updateTable('mail_log')
    .set({
      state: final ? 'failed' : 'retrying',
      attempts: sql`attempts + 1`,
      last_error: error.slice(0, MAX_ERROR_LENGTH),
      updated_at: new Date(),
    })
    .where('job_id', '=', jobId)
    .execute();
}

/** An event's mails, newest first. */
export async function listEventMails(db: Db, eventId: number): Promise<MailLogEntry[]> {
  const rows = await db
    .selectFrom('mail_log')
    .select([
      'id',
      'kind',
      'recipient',
      'subject',
      'participant_id',
      'state',
      'attempts',
      'last_error',
      'created_at',
      'updated_at',
    ])
    .where('event_id', '=', eventId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    // The table's CHECK holds the kinds to MAIL_KINDS.
    kind: row.kind as MailKind,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}
