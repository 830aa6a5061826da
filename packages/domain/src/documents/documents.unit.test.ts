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
