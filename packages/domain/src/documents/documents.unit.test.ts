// A document's name as the form and the server take it, and sizes as the list and the refusals say them.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../auth/messages.ts';
import { documentNameSchema, formatByteSize } from './documents.ts';

describe('documentNameSchema', () => {
  it('takes one line of text, trimmed, and names what is wrong', () => {
    expect(documentNameSchema.parse('  Study protocol  ')).toBe('Study protocol');
    expect(documentNameSchema.safeParse('   ').error?.issues[0]?.message).toBe(MESSAGES.fieldRequired);
    expect(documentNameSchema.safeParse('two\nlines').error?.issues[0]?.message).toBe(
      'must be a single line of text',
    );
    expect(documentNameSchema.safeParse('x'.repeat(201)).success).toBe(false);
    expect(documentNameSchema.safeParse('nul\u0000').success).toBe(false);
  });

  it('removes the text-direction controls, so a name displays as it is stored', () => {
    // `invoice<RLO>fdp.exe` displays as `invoiceexe.pdf`: the override must not reach a list or a room.
    expect(documentNameSchema.parse('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const every = '\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl';
    expect(documentNameSchema.parse(every)).toBe('abcdefghijkl');
    // Nothing but controls left is no name at all.
    expect(documentNameSchema.safeParse(' \u202E ').error?.issues[0]?.message).toBe(MESSAGES.fieldRequired);
    // Right-to-left text itself is kept.
    expect(documentNameSchema.parse('تقرير 2026')).toBe('تقرير 2026');
  });
});

describe('formatByteSize', () => {
  it('says sizes in B, KB, MB and GB', () => {
    expect(formatByteSize(512)).toBe('512 B');
    expect(formatByteSize(1536)).toBe('1.5 KB');
    expect(formatByteSize(100 * 1024)).toBe('100 KB');
    expect(formatByteSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatByteSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});
