// The name a download is saved under comes from the server's content-disposition header: the forms a
// server writes (quoted, bare, RFC 5987 extended), and never a path that leaves the downloads folder.
import { describe, expect, it } from 'vitest';
import { fileNameOfDisposition } from './contentDisposition.ts';

describe('fileNameOfDisposition', () => {
  it('reads a quoted name, as the ledger exports are sent', () => {
    expect(fileNameOfDisposition('attachment; filename="room-12-log.jsonl"')).toBe('room-12-log.jsonl');
  });

  it('reads a bare name, and a quoted one with escapes', () => {
    expect(fileNameOfDisposition('attachment; filename=audit-trail-lab-3.jsonl')).toBe(
      'audit-trail-lab-3.jsonl',
    );
    expect(fileNameOfDisposition('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
  });

  it('prefers the extended UTF-8 name, whatever the order', () => {
    expect(
      fileNameOfDisposition(`attachment; filename*=UTF-8''d%C3%A9claration.pdf; filename="declaration.pdf"`),
    ).toBe('déclaration.pdf');
    expect(
      fileNameOfDisposition(`attachment; filename="declaration.pdf"; filename*=utf-8''d%C3%A9claration.pdf`),
    ).toBe('déclaration.pdf');
  });

  it('falls back to the plain name when the extended one cannot be decoded', () => {
    expect(fileNameOfDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.txt"`)).toBe(
      'plain.txt',
    );
  });

  it('keeps only the last path segment', () => {
    expect(fileNameOfDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOfDisposition('attachment; filename="C:\\\\Users\\\\x.jsonl"')).toBe('x.jsonl');
    expect(fileNameOfDisposition('attachment; filename=".."')).toBeNull();
  });

  it('gives none without a header or a name', () => {
    expect(fileNameOfDisposition(null)).toBeNull();
    expect(fileNameOfDisposition('')).toBeNull();
    expect(fileNameOfDisposition('attachment')).toBeNull();
    expect(fileNameOfDisposition('inline; filename=""')).toBeNull();
  });
});
