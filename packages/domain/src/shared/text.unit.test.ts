import { describe, expect, it } from 'vitest';
import { passwordLoginSchema, publicGuestLoginSchema } from '../auth/schemas.ts';
import { createParticipantRequestSchema } from '../participants/participants.ts';
import { pharmacovigilanceReportSchema } from '../pharmacovigilance/report.ts';
import { createPollRequestSchema } from '../polls/pollRequests.ts';
import { roomCommandSchema } from '../rooms/roomCommands.ts';
import {
  asOneLine,
  findUnstorableText,
  isStorableText,
  UNSTORABLE_TEXT_MESSAGE,
  withoutBidiControls,
} from './text.ts';

describe('isStorableText', () => {
  it('refuses a NUL and a surrogate without its pair, and keeps every well-formed text', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\uD800', 'a\uD83D', '\uDE00', 'x\uDE00\uD83D']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'plain', 'élève ß 日本', '😀', 'a\uD83D\uDE00b', '\u0001\uFFFF']) {
      expect(isStorableText(good), good).toBe(true);
    }
  });
});

describe('findUnstorableText', () => {
  it('names the first bad string or key by its path', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, 'x', { c: 'd\u0000' }] })).toBe('b.2.c');
    expect(findUnstorableText({ ['k\uD800']: 1 })).toBe('k\uD800');
    expect(findUnstorableText('\u0000')).toBe('(root)');
    expect(findUnstorableText({ a: ['ok', 2, null, true] })).toBeNull();
  });
});

describe('the shared request schemas', () => {
  const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message);

  it('refuse unstorable text in every kind of free-text field, with the same message', () => {
    for (const bad of ['a\u0000b', 'a\uD800b']) {
      expect(message(passwordLoginSchema.safeParse({ email: 'a@b.c', password: bad }))).toContain(
        UNSTORABLE_TEXT_MESSAGE,
      );
      expect(
        message(
          publicGuestLoginSchema.safeParse({
            firstName: bad,
            lastName: 'L',
            email: 'a@b.c',
            eventSlug: 's',
            isPublic: true,
          }),
        ),
      ).toContain(UNSTORABLE_TEXT_MESSAGE);
      expect(
        message(createParticipantRequestSchema.safeParse({ event_id: 1, email: 'a@b.c', name: bad })),
      ).toContain(UNSTORABLE_TEXT_MESSAGE);
      expect(message(createPollRequestSchema.safeParse({ question: 'Q', options: ['A', bad] }))).toContain(
        UNSTORABLE_TEXT_MESSAGE,
      );
      expect(message(pharmacovigilanceReportSchema.safeParse({ drug_name: bad }))).toContain(
        UNSTORABLE_TEXT_MESSAGE,
      );
      expect(
        message(
          roomCommandSchema.safeParse({ type: 'SendChatMessage', data: { messageId: 'm', text: bad } }),
        ),
      ).toContain(UNSTORABLE_TEXT_MESSAGE);
    }
  });
});

describe('asOneLine', () => {
  it('turns every run of line breaks and other controls into one space, and leaves one line alone', () => {
    expect(asOneLine('Dr X\r\nClick http://evil')).toBe('Dr X Click http://evil');
    expect(asOneLine('a\n\n\tb\u2028c\u2029d\u0085e')).toBe('a b c d e');
    expect(asOneLine('Journée « Oncologie »')).toBe('Journée « Oncologie »');
  });
});

describe('withoutBidiControls', () => {
  it('removes the direction overrides, embeddings, isolates and marks, and keeps the letters', () => {
    expect(withoutBidiControls('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(withoutBidiControls('\u200Eשלום\u200F \u061Cمرحبا\u2066x\u2069')).toBe('שלום مرحباx');
    // Joiners are not direction controls: emoji and scripts need them.
    expect(withoutBidiControls('👩\u200D💻')).toBe('👩\u200D💻');
  });
});
