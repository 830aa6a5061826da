// The public entry page's inputs: which paths are public event links, the prefill parameters, and the
// form's rules (the domain's public-guest schema: every field required, a real e-mail address).
import { MESSAGES } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { parsePublicSlug } from '../theme/themeSources.ts';
import { guestEntrySchema, prefillFromSearch } from './publicEntry.ts';

describe('public event link', () => {
  it('reads the slug and the event id it ends with', () => {
    expect(parsePublicSlug('lablive-demo-session-1')).toEqual({ slug: 'lablive-demo-session-1', eventId: 1 });
    expect(parsePublicSlug('Congress2026-42')).toEqual({ slug: 'Congress2026-42', eventId: 42 });
  });

  it('is not a link without the id, with odd characters, or too long', () => {
    expect(parsePublicSlug('about')).toBeNull();
    expect(parsePublicSlug('congress-0')).toBeNull();
    expect(parsePublicSlug('congress--3')).toBeNull();
    expect(parsePublicSlug('con gress-3')).toBeNull();
    expect(parsePublicSlug(`${'a'.repeat(200)}-3`)).toBeNull();
    expect(parsePublicSlug(undefined)).toBeNull();
  });
});

describe('prefill', () => {
  it('takes fname, lname and email from the query', () => {
    expect(prefillFromSearch('?fname=%20Ada&lname=Lovelace&email=ada%40lab.test')).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@lab.test',
    });
  });

  it('leaves missing or oversized values empty', () => {
    expect(prefillFromSearch(`?fname=${'x'.repeat(101)}`)).toEqual({
      firstName: '',
      lastName: '',
      email: '',
    });
  });
});

describe('entry form rules', () => {
  it('requires every field and a valid e-mail address', () => {
    const result = guestEntrySchema.safeParse({ firstName: '  ', lastName: 'Lovelace', email: 'ada@' });

    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['firstName', MESSAGES.fieldRequired],
      ['email', MESSAGES.invalidEmail],
    ]);
  });

  it('trims what it accepts', () => {
    expect(
      guestEntrySchema.parse({ firstName: ' Ada ', lastName: 'Lovelace', email: ' ada@lab.test ' }),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@lab.test',
    });
  });
});
