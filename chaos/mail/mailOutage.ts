// Issue 31, part 7: the mail server down for 10 minutes (--quick: 1). A cluster of LabLive instances
// sends its mail to a real SMTP server (the testkit's capture); staff invite guests and users ask for
// password resets through the REST API before and during the outage; the SMTP server is stopped
// (connections refused) and started again on the same port (outagePhase.ts). Then, shorter, a server that
// takes connections and never answers (blackHolePhase.ts). Judged over both: every mail the product logged
// is received exactly once, none was ever "failed" in the mail log, the instances stayed ready.
import os from 'node:os';
import { startSmtpCapture } from '@lablive/testkit';
import { onCleanup } from '../../bench/lib/cleanup.ts';
import { startChaosCluster } from '../lib/chaosCluster.ts';
import { watchReadiness } from '../lib/instanceWatch.ts';
import { check, figure, type ScenarioContext, type ScenarioOutcome } from '../lib/scenario.ts';
import { runBlackHolePhase } from './blackHolePhase.ts';
import { auditDelivery, some } from './deliveryAudit.ts';
import { watchMailLog } from './mailLogWatch.ts';
import { loggedMails, startMailTraffic } from './mailTraffic.ts';
import { MAILS_BEFORE, MAILS_DURING, RESET_EVERY, runOutagePhase, sleep } from './outagePhase.ts';

const loadAverage = () => (os.loadavg()[0] ?? 0).toFixed(2);

export async function run(context: ScenarioContext): Promise<ScenarioOutcome> {
  const { log } = context;
  const outageMs = context.quick ? 60_000 : 600_000;
  const loadAtStart = loadAverage();
  const smtp = await startSmtpCapture();
  onCleanup('stop the SMTP server', () => smtp.close());
  const chaos = await startChaosCluster('mail', context.natsUrl, { env: { SMTP_URL: smtp.url } });
  const urls = Array.from({ length: chaos.cluster.size }, (_, i) => chaos.cluster.instanceUrl(i));
  const readiness = urls.map((url) => watchReadiness(url, 1000));
  const mailLog = watchMailLog(chaos.db, 2000);
  onCleanup('stop watching', () => {
    for (const watch of readiness) watch.stop();
    mailLog.stop();
  });
  const traffic = await startMailTraffic(chaos.db, urls[0] ?? '', 'outage');

  const outage = await runOutagePhase({ smtp, traffic, chaos, log }, outageMs);
  const blackHole = await runBlackHolePhase({ smtp, traffic, db: chaos.db, log });
  // Every mail of both phases, a moment after the last came: a late second copy of any would show here.
  await sleep(5000);
  const logged = await loggedMails(chaos.db);
  const audit = auditDelivery(traffic.caused, logged, smtp.mails);
  mailLog.stop();
  for (const watch of readiness) watch.stop();
  const notReady = readiness.flatMap((watch) => watch.notReadyBetween(0, Number.POSITIVE_INFINITY));
  const answers = readiness.reduce((sum, watch) => sum + watch.samples.length, 0);

  return {
    setup: `${chaos.cluster.size} LabLive instances (processes) on a fresh database send their mail to a real SMTP server (smtp-server); an admin invites ${MAILS_BEFORE} guests through the REST API, then the SMTP server is stopped for ${outageMs / 60_000} min (connections refused) while ${MAILS_DURING} more mails are caused (invitations, every ${RESET_EVERY}th a password reset), and started again on the same port. Then a server that takes connections and never answers, for 5 more invitations.`,
    checks: [
      check(
        'no mail lost',
        audit.lost.length === 0 && audit.unlogged.length === 0 && logged.length === traffic.caused.length,
        `${traffic.caused.length} mails caused, ${logged.length} in the mail log, ${audit.received} received; lost ${some(audit.lost)}; not logged ${some(audit.unlogged)}`,
      ),
      check(
        'every mail received exactly once',
        audit.duplicated.length === 0 &&
          audit.repeatedMessageIds.length === 0 &&
          audit.wrongKind.length === 0,
        `duplicated ${some(audit.duplicated)}; repeated Message-IDs ${some(audit.repeatedMessageIds)}; body not of its kind ${some(audit.wrongKind)}`,
      ),
      ...outage.checks,
      check(
        'no mail failed',
        mailLog.samples() > 0 && mailLog.failed().length === 0,
        `mail log read every 2 s (${mailLog.samples()} reads): ${some(mailLog.failed())} failed`,
      ),
      check(
        'the instances stayed ready',
        answers > 0 && notReady.length === 0,
        `${answers} readiness answers from ${urls.length} instances, ${notReady.length} not 200${notReady[0] ? ` (first: ${notReady[0].status} "${notReady[0].body.slice(0, 120)}")` : ''}`,
      ),
      ...blackHole.checks,
    ],
    figures: [
      ...outage.figures,
      ...blackHole.figures,
      figure('load average (1 min) at start / end', `${loadAtStart} / ${loadAverage()}`),
    ],
  };
}
