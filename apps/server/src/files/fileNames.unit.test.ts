// The name an uploaded file is kept under: no folders, no control characters, the detected extension.
import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './fileNames.ts';

describe('sanitizeFileName', () => {
  it('keeps the last segment of a path, whichever slash it uses', () => {
    expect(sanitizeFileName('../../etc/passwd', 'txt')).toBe('passwd.txt');
    expect(sanitizeFileName('C:\\Users\\ana\\..\\slides.pptx', 'pptx')).toBe('slides.pptx');
    expect(sanitizeFileName('folder/', 'pdf')).toBe('document.pdf');
  });

  it('drops control, invisible and reserved characters, and leading dots', () => {
    expect(sanitizeFileName('re\u0000port\u202e\r\n<1>.pdf', 'pdf')).toBe('report1.pdf');
    expect(sanitizeFileName('..hidden', 'txt')).toBe('hidden.txt');
    // Every text-direction control (\p{Cf}): `invoice<RLO>fdp.exe` would display as `invoiceexe.pdf`.
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(sanitizeFileName(`invoice${controls}fdp.exe`, 'txt')).toBe('invoicefdp.txt');
    expect(sanitizeFileName('  Étude   de  phase II .docx', 'docx')).toBe('Étude de phase II.docx');
  });

  it('takes the extension of the detected type, not the one sent', () => {
    expect(sanitizeFileName('invoice.pdf', 'txt')).toBe('invoice.txt');
    expect(sanitizeFileName('archive.tar.gz', 'pdf')).toBe('archive.tar.pdf');
    expect(sanitizeFileName(undefined, 'png')).toBe('document.png');
  });

  it('bounds the length without cutting a character in two', () => {
    const name = sanitizeFileName(`${'😀'.repeat(200)}.pdf`, 'pdf');
    expect(Array.from(name.replace(/\.pdf$/, ''))).toHaveLength(120);
    expect(name.endsWith('😀.pdf')).toBe(true);
  });
});
