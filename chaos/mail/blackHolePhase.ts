// The mail outage scenario's second phase: in place of the SMTP server, one that takes connections and
// never answers. A few invitations are caused; each attempt must give up on the silent server (nodemailer's
// greeting timeout) and leave the mail "retrying" in the log, not hold the job queue; once the real server
// is back the mails arrive, once each.
import type { Db } from '@lablive/server/tooling';
import type { SmtpCapture } from '@lablive/testkit';
import { type Check, check, type Figure, figure, waitUntil } from '../lib/scenario.ts';
import { loggedMails, type MailTraffic } from './mailTraffic.ts';
import { seconds } from './outagePhase.ts';
import { startSmtpBlackHole } from './smtpBlackHole.ts';

const MAILS = 5;
/** How long an attempt may hang on a silent server before the mail is tried again later. */
const HELD_TARGET_MS = 60_000;
const DELIVERY_TARGET_MS = 120_000;

export async function runBlackHolePhase(options: {
  smtp: SmtpCapture;
  traffic: MailTraffic;
  db: Db;
  log: (line: string) => void;
}): Promise<{ checks: Check[]; figures: Figure[] }> {
  const { smtp, traffic, db, log } = options;
  const port = Number(new URL(smtp.url).port);
  await smtp.stop();
  const hole = await startSmtpBlackHole(port);
  log(`mail: a silent server on port ${port}; ${MAILS} invitations`);
  const before = smtp.mails.length;
  const causedAt = Date.now();
  for (let n = 0; n < MAILS; n++) await traffic.invite(`silent-${n}`);
  const isSilentRow = (recipient: string) => recipient.includes('-silent-');
  let heldMs = Number.NaN;
  let lastError = '';
  try {
    heldMs = await waitUntil(
      async () => {
        const rows = (await loggedMails(db)).filter((row) => isSilentRow(row.recipient));
        lastError = rows.find((row) => row.error)?.error ?? lastError;
        return rows.length === MAILS && rows.every((row) => row.state === 'retrying');
      },
      'the mails to be retrying',
      HELD_TARGET_MS + 60_000,
    );
  } catch (error) {
    log(String(error));
  }
  const connections = hole.connections();
  await hole.close();
  await smtp.start();
  const backAt = Date.now();
  let deliveredMs = Number.NaN;
  try {
    await waitUntil(() => smtp.mails.length >= before + MAILS, 'the mails after the silent server', 300_000);
    deliveredMs = Date.now() - backAt;
  } catch (error) {
    log(String(error));
  }
  const received = smtp.mails.slice(before).filter((mail) => mail.to.some(isSilentRow)).length;
  return {
    checks: [
      check(
        `a silent mail server holds an attempt less than ${HELD_TARGET_MS / 1000} s`,
        heldMs <= HELD_TARGET_MS,
        `${MAILS} mails caused; all "retrying" ${seconds(heldMs)} s later (${connections} connections taken), e.g. "${lastError}"`,
      ),
      check(
        'the mails held by the silent server arrive once it is replaced',
        received === MAILS && deliveredMs <= DELIVERY_TARGET_MS,
        `${received} of ${MAILS} received, the last ${seconds(deliveredMs)} s after the real server was back`,
      ),
    ],
    figures: [
      figure('a mail attempt held by a silent server', seconds(heldMs), 's'),
      figure('from the caused mails to the silent server replaced', seconds(backAt - causedAt), 's'),
    ],
  };
}
