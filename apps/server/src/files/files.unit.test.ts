// The document file store: storage keys stay inside it, and attachment names survive any character.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, storedFilePath, sweepIncoming } from './files.ts';

describe('document files', () => {
  it('keeps storage keys inside the file store', () => {
    expect(storedFilePath('/data/files', 'lab/a.pdf')).toBe('/data/files/lab/a.pdf');
    expect(() => storedFilePath('/data/files', '../secrets')).toThrow(/leaves the file store/);
    expect(() => storedFilePath('/data/files', '/etc/passwd')).toThrow(/leaves the file store/);
  });

  it('names the attachment with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Guide', 'pdf')).toBe(
      `attachment; filename="Guide.pdf"; filename*=UTF-8''Guide.pdf`,
    );
    expect(attachmentDisposition('Été "1"', '')).toBe(
      `attachment; filename="_t_ _1_"; filename*=UTF-8''${encodeURIComponent('Été "1"')}`,
    );
  });

  it('sweeps what a crash left of uploads, but not an upload still in flight', async () => {
    const filesDir = await mkdtemp(path.join(tmpdir(), 'lablive-files-'));
    try {
      const now = new Date();
      // No waiting room yet (no upload ever): nothing to do.
      expect(await sweepIncoming(filesDir, 3_600_000, now)).toBe(0);
      const incoming = path.join(filesDir, '.incoming');
      await mkdir(incoming);
      await writeFile(path.join(incoming, 'cut-short'), 'half a file');
      await writeFile(path.join(incoming, 'in-flight'), 'still coming');
      const twoHoursAgo = new Date(now.getTime() - 7_200_000);
      await utimes(path.join(incoming, 'cut-short'), twoHoursAgo, twoHoursAgo);
      expect(await sweepIncoming(filesDir, 3_600_000, now)).toBe(1);
      expect(await readdir(incoming)).toEqual(['in-flight']);
    } finally {
      await rm(filesDir, { recursive: true, force: true });
    }
  });
});
