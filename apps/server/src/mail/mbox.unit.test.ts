import { describe, expect, it } from 'vitest';
import { mboxEntry, mboxFileName, mboxMessages } from './mbox.ts';

describe('the outbox as mbox', () => {
  const at = new Date('2026-11-24T15:04:05Z');

  it('writes each message after a From line, in a file per day', () => {
    expect(mboxFileName(at)).toBe('2026-11-24.mbox');
    expect(mboxEntry('no-reply@lablive.test', at, 'Subject: Hi\n\nHello\n')).toBe(
      'From no-reply@lablive.test Tue Nov 24 15:04:05 2026\nSubject: Hi\n\nHello\n\n',
    );
  });

  it('gives back every message as it was, body lines starting with From included', () => {
    const first = 'Subject: One\n\nFrom here on, a line that looks like a separator.\n>From quoted\n';
    const second = 'Subject: Two\n\nno newline at the end';
    const file = mboxEntry('a@b.c', at, first) + mboxEntry('a@b.c', at, second);
    expect(file).toContain('\n>From here on');
    expect(file).toContain('\n>>From quoted');
    expect(mboxMessages(file)).toEqual([first, `${second}\n`]);
  });

  it('reads nothing from an empty file', () => {
    expect(mboxMessages('')).toEqual([]);
  });
});
