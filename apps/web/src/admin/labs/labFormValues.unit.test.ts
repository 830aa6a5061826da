// The lab form's address name suggested from the name, a retention's days as typed, and the server's
// refusals put at their field.
import { ApiError } from '@lablive/client';
import { LAB_RULE_MESSAGES, USER_RULE_MESSAGES } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { labSlugOf, refusedFields, retentionDaysOf } from './labFormValues.ts';

const refusal = (status: number, detail: string, errors?: { field: string; message: string }[]) =>
  new ApiError({
    type: 'about:blank',
    title: 'Refused',
    status,
    detail,
    code: status === 409 ? 'conflict' : 'validation',
    ...(errors ? { errors } : {}),
  });

describe('the address name suggested from the name', () => {
  it('drops accents and joins words with single hyphens', () => {
    expect(labSlugOf('Lab Nord')).toBe('lab-nord');
    expect(labSlugOf('  Laboratoires Été & Söhne – Süd  ')).toBe('laboratoires-ete-sohne-sud');
    expect(labSlugOf('x'.repeat(70))).toHaveLength(60);
  });
});

describe('a retention’s days as typed', () => {
  it('keeps for good when empty, reads digits as days, and makes anything else no number', () => {
    expect(retentionDaysOf('')).toBeNull();
    expect(retentionDaysOf('   ')).toBeNull();
    expect(retentionDaysOf(null)).toBeNull();
    expect(retentionDaysOf(' 30 ')).toBe(30);
    expect(retentionDaysOf('0')).toBe(0);
    for (const typed of ['-1', '1.5', '1e3', '0x10', 'thirty']) expect(retentionDaysOf(typed)).toBeNaN();
  });

  it('puts a refused retention at its field', () => {
    expect(
      refusedFields(
        refusal(400, 'chat_retention_days: no', [{ field: 'chat_retention_days', message: 'no' }]),
        false,
      ),
    ).toEqual([{ field: 'chat_retention_days', message: 'no' }]);
  });
});

describe('a refused save', () => {
  it('puts a taken address name at the slug, a taken e-mail at the first admin (new labs only)', () => {
    expect(refusedFields(refusal(409, LAB_RULE_MESSAGES.slugTaken), false)).toEqual([
      { field: 'slug', message: 'slugTaken' },
    ]);
    expect(refusedFields(refusal(409, USER_RULE_MESSAGES.emailTaken), true)).toEqual([
      { field: 'admin.email', message: 'emailTaken' },
    ]);
    expect(refusedFields(refusal(409, USER_RULE_MESSAGES.emailTaken), false)).toEqual([]);
  });

  it('puts a 400 at the field it names, a list item at its list, and keeps unknown fields for the form', () => {
    expect(
      refusedFields(
        refusal(400, 'admin.email: Invalid email', [{ field: 'admin.email', message: 'Invalid email' }]),
        true,
      ),
    ).toEqual([{ field: 'admin.email', message: 'Invalid email' }]);
    expect(refusedFields(refusal(400, 'plan_minutes: too big'), false)).toEqual([
      { field: 'plan_minutes', message: 'too big' },
    ]);
    expect(
      refusedFields(refusal(400, 'modules.2: bad', [{ field: 'modules.2', message: 'bad' }]), false),
    ).toEqual([{ field: 'modules', message: 'bad' }]);
    expect(refusedFields(refusal(400, 'logo: no'), false)).toEqual([]);
    expect(refusedFields(new Error('offline'), false)).toEqual([]);
  });
});
