// Appends mails to the outbox's mbox files (mbox.ts) with one write for all the mails handed over while
// the previous write was on its way: a burst of reminders writes a batch in one open, write and close,
// where a write a mail cost three system calls a mail (docs/performance.md, "Reminders"). Each mail's
// promise settles once its own bytes are in the file (or the write failed).
import { promises as fs } from 'node:fs';
import path from 'node:path';

type Pending = { file: string; entry: string; settle: (error?: unknown) => void };

export type MboxWriter = {
  /** Appends `entry` (mbox.ts's mboxEntry) to `fileName` in the outbox; resolves once it is written. */
  append(fileName: string, entry: string): Promise<void>;
};

export function createMboxWriter(outboxDir: string): MboxWriter {
  let waiting: Pending[] = [];
  let writing = false;

  /** One append, so entries written side by side never interleave (O_APPEND: it lands whole at the end). */
  async function appendMaking(file: string, text: string) {
    // The folder is made when a write finds it missing (the first mail, or after someone removed it),
    // not checked for every write.
    await fs.appendFile(file, text).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await fs.mkdir(outboxDir, { recursive: true });
      await fs.appendFile(file, text);
    });
  }

  async function drain() {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      // Nearly always one file; two around midnight (UTC).
      for (const file of new Set(batch.map((pending) => pending.file))) {
        const mine = batch.filter((pending) => pending.file === file);
        try {
          await appendMaking(file, mine.map((pending) => pending.entry).join(''));
          for (const pending of mine) pending.settle();
        } catch (error) {
          for (const pending of mine) pending.settle(error);
        }
      }
    }
    writing = false;
  }

  return {
    append(fileName, entry) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({
          file: path.join(outboxDir, fileName),
          entry,
          settle: (error) => (error === undefined ? resolve() : reject(error)),
        });
        if (!writing) void drain();
      });
    },
  };
}
