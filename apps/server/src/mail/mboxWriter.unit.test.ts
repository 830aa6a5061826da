import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mboxEntry, mboxMessages } from './mbox.ts';
import { createMboxWriter } from './mboxWriter.ts';

const message = (index: number) =>
  `Subject: mail ${index}\n\nFrom here on, line ${index}\n${'x'.repeat(index)}\n`;

describe('createMboxWriter', () => {
  it('writes every mail handed over side by side whole, in the order handed over, and answers each once written', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lablive-mbox-'));
    const outbox = path.join(dir, 'outbox');
    const writer = createMboxWriter(outbox);
    const at = new Date('2026-11-24T15:40:00Z');
    let answered = 0;
    await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        writer.append('2026-11-24.mbox', mboxEntry('no-reply@lablive.test', at, message(index))).then(() => {
          answered++;
        }),
      ),
    );
    expect(answered).toBe(300);
    const written = mboxMessages(await readFile(path.join(outbox, '2026-11-24.mbox'), 'utf8'));
    expect(written).toEqual(Array.from({ length: 300 }, (_, index) => message(index)));

    // Someone removed the outbox: the next mail makes it again.
    await rm(outbox, { recursive: true });
    await writer.append('2026-11-25.mbox', mboxEntry('no-reply@lablive.test', at, message(1)));
    expect(mboxMessages(await readFile(path.join(outbox, '2026-11-25.mbox'), 'utf8'))).toEqual([message(1)]);
    await rm(dir, { recursive: true });
  });

  it('fails the mails of a write that fails, and writes the next ones', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lablive-mbox-'));
    const writer = createMboxWriter(path.join(dir, 'outbox'));
    const at = new Date();
    // A folder where the day's file should be: that write fails.
    await writer.append('a.mbox', mboxEntry('x@y.test', at, message(0)));
    await rm(path.join(dir, 'outbox', 'a.mbox'));
    await import('node:fs/promises').then((fs) => fs.mkdir(path.join(dir, 'outbox', 'a.mbox')));
    await expect(writer.append('a.mbox', mboxEntry('x@y.test', at, message(1)))).rejects.toThrow(/EISDIR/);
    await writer.append('b.mbox', mboxEntry('x@y.test', at, message(2)));
    expect(mboxMessages(await readFile(path.join(dir, 'outbox', 'b.mbox'), 'utf8'))).toEqual([message(2)]);
    await rm(dir, { recursive: true });
  });
});
