// The mail outage scenario's first phase: mails sent before the outage, the SMTP server stopped
// (connections refused) while more are caused, then started again on the same port. Judged from what the
// product says (the mail log, at the end of the outage and after), what its instances logged and
// counted (their metrics), and when the last mail arrived after the server's return.
import type { SmtpCapture } from '@lablive/testkit';
import { metricValue, scrape } from '@lablive/testkit/cluster';
import type { ChaosCluster } from '../lib/chaosCluster.ts';
import { type Check, check, type Figure, figure, waitUntil } from '../lib/scenario.ts';
import { type LoggedMail, loggedMails, type MailTraffic } from './mailTraffic.ts';

export const MAILS_BEFORE = 10;
export const MAILS_DURING = 50;
/** One mail in this many caused during the outage is a password reset, the others invitations. */
export const RESET_EVERY = 10;
/** What a user waiting for a mail accepts after the server is back: the retries' cap and some slack. */
const DELIVERY_TARGET_MS = 150_000;
/** The SMTP client's error when nothing listens on the port. */
const REFUSED = /ECONNREFUSED|connect/i;

export const seconds = (ms: number) => Math.round(ms / 100) / 10;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Phase = { smtp: SmtpCapture; traffic: MailTraffic; chaos: ChaosCluster; log: (line: string) => void };

/** The mails caused during the outage, spread over its first four fifths so each is tried before it ends. */
async function causeDuringOutage({ traffic, log }: Phase, outageMs: number) {
  const spacing = (outageMs * 0.8) / MAILS_DURING;
  for (let n = 0; n < MAILS_DURING; n++) {
    const started = Date.now();
    if (n % RESET_EVERY === RESET_EVERY - 1) await traffic.resetPassword(`during-${n}`);
    else await traffic.invite(`during-${n}`);
    if (n % 10 === 9) log(`mail: ${n + 1} of ${MAILS_DURING} mails caused during the outage`);
    await sleep(Math.max(0, spacing - (Date.now() - started)));
  }
}

/** The errors of the failed attempts the instances logged ("job failed, to be retried"). */
function failedAttemptErrors(chaos: ChaosCluster): string[] {
  const names = Array.from({ length: chaos.cluster.size }, (_, i) => chaos.cluster.instanceName(i));
  return names.flatMap((name) =>
    chaos.lines(name).flatMap((line) => {
      if (!line.includes('job failed, to be retried')) return [];
      try {
        return [String((JSON.parse(line) as { error?: unknown }).error ?? '')];
      } catch {
        return [line];
      }
    }),
  );
}

/** The instances' count of failed mail attempts (lablive_mail_attempts_total), what an alert reads. */
async function failedAttemptsMetric(chaos: ChaosCluster): Promise<number> {
  const urls = Array.from({ length: chaos.cluster.size }, (_, i) => chaos.cluster.instanceMetricsUrl(i));
  const texts = await Promise.all(urls.map((url) => scrape(url).catch(() => '')));
  return texts.reduce(
    (sum, text) => sum + metricValue(text, 'lablive_mail_attempts_total', { outcome: 'failed' }),
    0,
  );
}

/** Waits for `expected` mails in all; answers how long after `since` the last one came (and how many came). */
async function lastArrival(smtp: SmtpCapture, expected: number, since: number, timeoutMs: number) {
  let at = since;
  let seen = smtp.mails.length;
  await waitUntil(
    () => {
      if (smtp.mails.length > seen) [seen, at] = [smtp.mails.length, Date.now()];
      return seen >= expected;
    },
    'every mail after the return',
    timeoutMs,
  ).catch(() => undefined);
  return { afterMs: at - since, seen };
}

export async function runOutagePhase(
  phase: Phase,
  outageMs: number,
): Promise<{ checks: Check[]; figures: Figure[] }> {
  const { smtp, traffic, chaos, log } = phase;
  log(`mail: ${MAILS_BEFORE} invitations before the outage`);
  for (let n = 0; n < MAILS_BEFORE; n++) await traffic.invite(`before-${n}`);
  await waitUntil(() => smtp.mails.length >= MAILS_BEFORE, 'the mails sent before the outage', 60_000);

  await smtp.stop();
  const downAt = Date.now();
  log(`mail: SMTP server stopped for ${outageMs / 1000} s`);
  await causeDuringOutage(phase, outageMs);
  await sleep(Math.max(0, downAt + outageMs - Date.now()));
  // What the product says at the end of the outage, through the guest list page's call and the table.
  const pageAtReturn = (await traffic.eventMailLog()).filter((row) => !row.recipient.includes('-before-'));
  const rowsAtReturn = (await loggedMails(chaos.db)).filter((row) => !row.recipient.includes('-before-'));
  const errors = failedAttemptErrors(chaos);
  const failedAttempts = await failedAttemptsMetric(chaos);

  await smtp.start();
  log('mail: SMTP server back; waiting for every mail');
  const expected = traffic.caused.length;
  const delivered = await lastArrival(smtp, expected, Date.now(), outageMs + 300_000);
  await waitUntil(
    async () => (await loggedMails(chaos.db)).every((row) => row.state === 'sent'),
    'the mail log to say sent',
    30_000,
  ).catch(() => undefined);
  const pageAfter = await traffic.eventMailLog();
  const rowsAfter = await loggedMails(chaos.db);

  const retrying = (row: { state: string }, error: string | null) =>
    row.state === 'retrying' && REFUSED.test(error ?? '');
  const rowsRetrying = rowsAtReturn.filter((row) => retrying(row, row.error));
  const pageRetrying = pageAtReturn.filter((row) => retrying(row, row.last_error));
  const sent = (rows: readonly { state: string }[]) => rows.filter((row) => row.state === 'sent').length;
  const attempts = rowsAfter.map((row: LoggedMail) => row.attempts);
  return {
    checks: [
      check(
        "the mail log said retrying, with the mail server's error, during the outage",
        rowsRetrying.length === MAILS_DURING &&
          rowsAtReturn.length === MAILS_DURING &&
          pageAtReturn.length > 0 &&
          pageRetrying.length === pageAtReturn.length,
        `at the server's return: ${rowsRetrying.length} of ${MAILS_DURING} rows retrying with a connection error, ${pageRetrying.length} of ${pageAtReturn.length} on the guest list page's mail log; e.g. "${rowsAtReturn.find((row) => row.error)?.error ?? 'no error'}"`,
      ),
      check(
        'the mail log said sent for every mail after',
        sent(rowsAfter) === rowsAfter.length && sent(pageAfter) === pageAfter.length,
        `${sent(rowsAfter)} of ${rowsAfter.length} rows sent; the guest list page: ${sent(pageAfter)} of ${pageAfter.length}`,
      ),
      check(
        `every mail delivered within ${DELIVERY_TARGET_MS / 1000} s of the server's return`,
        delivered.seen >= expected && delivered.afterMs <= DELIVERY_TARGET_MS,
        `the last of ${expected} mails arrived ${seconds(delivered.afterMs)} s after the server's return (${delivered.seen} received)`,
      ),
      check(
        'the logs and metrics show the outage',
        errors.some((error) => REFUSED.test(error)) && failedAttempts > 0,
        `${errors.length} "job failed, to be retried" warnings during the outage, e.g. "${errors[0] ?? ''}"; lablive_mail_attempts_total{outcome="failed"} ${failedAttempts} over the instances`,
      ),
    ],
    figures: [
      figure('mails caused before / during the outage', `${MAILS_BEFORE} / ${MAILS_DURING}`),
      figure("from the server's return to the last mail delivered", seconds(delivered.afterMs), 's'),
      figure(
        'attempts (all mails) / of one mail at most',
        `${attempts.reduce((a, b) => a + b, 0)} / ${Math.max(...attempts)}`,
      ),
      figure('"job failed, to be retried" log lines during the outage', errors.length),
      figure('lablive_mail_attempts_total{outcome="failed"} at the return', failedAttempts),
    ],
  };
}
