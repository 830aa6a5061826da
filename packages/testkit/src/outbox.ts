// The mails a server on the embedded defaults wrote to its outbox (DATA_DIR/outbox, the day's mbox
// files: apps/server/src/mail/mbox.ts), each decoded as a reader would see it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mboxMessages } from '@lablive/server/testing';
import { decodeQuotedPrintable } from './smtpCapture.ts';

/** Every mail in the outbox, oldest first, its quoted-printable parts decoded; none while it is missing. */
export async function outboxMails(dataDir: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [])).filter((file) => file.endsWith('.mbox')).sort();
  const mails: string[] = [];
  for (const file of files) {
    for (const message of mboxMessages(await readFile(path.join(outbox, file), 'utf8'))) {
      mails.push(decodeQuotedPrintable(message));
    }
  }
  return mails;
}
