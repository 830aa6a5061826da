// The document file store: storage keys stay inside it, and attachment names survive any character.
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, storedFilePath } from './files.ts';

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
});
