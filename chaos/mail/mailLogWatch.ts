// The mail log read every few seconds through a scenario, as an operator refreshing the guest list page
// would: whether any mail was ever marked failed (a state the last read alone could miss, were a failed
// mail sent again by hand).
import type { Db } from '@lablive/server/tooling';
import { loggedMails } from './mailTraffic.ts';

export type MailLogWatch = {
  /** The mails seen failed, once each. */
  failed(): string[];
  /** How many times the log was read. */
  samples(): number;
  stop(): void;
};

export function watchMailLog(db: Db, everyMs: number): MailLogWatch {
  const failed = new Set<string>();
  let samples = 0;
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const rows = await loggedMails(db).catch(() => []);
      samples++;
      for (const row of rows) if (row.state === 'failed') failed.add(`${row.recipient}: ${row.error}`);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    failed: () => [...failed],
    samples: () => samples,
    stop() {
      stopped = true;
    },
  };
}
