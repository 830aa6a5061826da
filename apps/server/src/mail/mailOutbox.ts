// How the product hands a mail over: to the job queue within the transaction of the change that causes
// it (jobs/jobQueue.ts: retried with backoff while the mail server is down, sent once per key, kept as
// failed with its error), or, without a queue (tests that do not need one), to the mailer at once.
// Either way the mail log (mailLog.repository.ts) records it and how it went.
import { createHash } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { eachAtMost } from '../jobs/eachAtMost.ts';
import type { JobAttempt, JobQueue, QueueSettings } from '../jobs/jobQueue.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import {
  type MailAbout,
  type MailAttempt,
  markMailAttemptFailed,
  markMailsSent,
  recordMailAttempts,
  recordQueuedMails,
} from './mailLog.repository.ts';

export type { MailAbout } from './mailLog.repository.ts';

export const MAIL_QUEUE = 'mail-send';

/**
 * How a mail the server refuses is tried again: after 5 s, then twice as long each time up to 2 minutes
 * between attempts, 64 attempts after the first: about two hours before it is kept as failed. The cap
 * is what a user waiting for a mail cares about: once the mail server is back, every waiting mail leaves
 * within about two minutes (an uncapped backoff left them waiting 10-20 minutes more after a 10-minute
 * outage: `npm run chaos -- --only=mail`). A sent mail's job is deleted after an hour: its body may hold
 * a single-use link, which should not linger (the log keeps who it went to and how it went, without the
 * body).
 */
export const MAIL_RETRIES: QueueSettings = {
  retryLimit: 64,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 120,
  deleteAfterSeconds: 3600,
};

/** Mails of one batch handed to the mailer side by side (the mailer waits on the network or the disk). */
const MAILS_AT_ONCE = 16;

export type MailOutbox = {
  /**
   * Hands `mail` over; `key` names it (an invitation's id and kind): the same key is one mail, however
   * often it is handed over. With a queue, nothing leaves until `db`'s transaction commits.
   */
  send(db: Db, mail: OutgoingMail, key: string, about: MailAbout): Promise<void>;
  /** Hands several mails over in a few statements; the same as one `send` each. */
  sendMany(db: Db, mails: readonly QueuedMail[]): Promise<void>;
  /**
   * Sends now, from a job of the caller's that is retried as a mail's would be (`MAIL_RETRIES`): a
   * reminder's job is its mail's job, with no second job in between (a burst of reminders is a burst of
   * mails: docs/performance.md, "Reminders"). Logged like any mail; answers the keys that failed, with
   * why, for the caller to fail those jobs (each tried again alone).
   */
  sendFromJob(mails: readonly (QueuedMail & { attempt: JobAttempt })[]): Promise<Map<string, unknown>>;
};

export type QueuedMail = { mail: OutgoingMail; key: string; about: MailAbout };

/** A UUID from the mail's key: pg-boss's job id, so one key is one job. */
function jobId(key: string): string {
  const hex = createHash('sha256').update(`lablive-mail:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Hands `mails` to the mailer and logs how each went, in one statement once all were tried: sent, or
 * failed (for good when this was the last attempt). Answers the keys that failed.
 */
async function deliver<Mail extends QueuedMail>(
  db: Db,
  mailer: Mailer,
  mails: readonly Mail[],
  isLastAttempt: (mail: Mail) => boolean,
): Promise<Map<string, unknown>> {
  // One key handed over twice is still one mail.
  const byId = new Map(mails.map((queued) => [jobId(queued.key), queued]));
  const attempts: MailAttempt[] = [];
  const failed = new Map<string, unknown>();
  await eachAtMost(MAILS_AT_ONCE, [...byId], async ([id, queued]) => {
    const attempt = { jobId: id, about: queued.about, mail: queued.mail };
    try {
      await mailer.send(queued.mail);
      attempts.push({ ...attempt, outcome: { sent: true } });
    } catch (error) {
      failed.set(queued.key, error);
      attempts.push({
        ...attempt,
        outcome: { sent: false, error: reasonOf(error), final: isLastAttempt(queued) },
      });
    }
  });
  await recordMailAttempts(db, attempts);
  return failed;
}

export async function createQueuedMailOutbox(
  queue: JobQueue,
  mailer: Mailer,
  /** Where the worker moves the mail log along. */
  db: Db,
  /** How persistent the retries are (tests shorten the delay). */
  retries: QueueSettings = MAIL_RETRIES,
): Promise<MailOutbox> {
  await queue.define<OutgoingMail>(
    MAIL_QUEUE,
    retries,
    async (mail, job) => {
      try {
        await mailer.send(mail);
      } catch (error) {
        await markMailAttemptFailed(db, job.id, reasonOf(error), job.retryCount >= job.retryLimit);
        throw error;
      }
    },
    // A batch's sent mails are marked in the log in one statement.
    (sent) => markMailsSent(db, sent),
  );
  const outbox: MailOutbox = {
    send: (db, mail, key, about) => outbox.sendMany(db, [{ mail, key, about }]),
    sendFromJob: (mails) =>
      deliver(db, mailer, mails, ({ attempt }) => attempt.retryCount >= attempt.retryLimit),
    async sendMany(db, mails) {
      // One key handed over twice in a batch is still one mail.
      const byId = new Map(mails.map((queued) => [jobId(queued.key), queued]));
      await queue.enqueueMany(
        db,
        MAIL_QUEUE,
        [...byId].map(([id, { mail }]) => ({ data: mail, id })),
      );
      await recordQueuedMails(
        db,
        [...byId].map(([id, { mail, about }]) => ({ jobId: id, about, mail })),
      );
    },
  };
  return outbox;
}

/** Sends at once, without retries: for tests and tools that run without the job queue. */
export function createDirectMailOutbox(mailer: Mailer, db: Db): MailOutbox {
  const outbox: MailOutbox = {
    async sendMany(within, mails) {
      const failed = await deliver(within, mailer, mails, () => true);
      const [first] = failed.values();
      if (failed.size > 0) throw first;
    },
    send: (within, mail, key, about) => outbox.sendMany(within, [{ mail, key, about }]),
    sendFromJob: (mails) => deliver(db, mailer, mails, () => true),
  };
  return outbox;
}
