import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginRequestSchema,
  passwordLoginSchema,
} from './schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('sign-in schemas', () => {
  it('tells the three login shapes apart', () => {
    expect(loginRequestSchema.parse({ email: 'a@b.c', password: 'x' })).toMatchObject({ email: 'a@b.c' });
    expect(loginRequestSchema.parse({ invitation: 'tok' })).toEqual({ invitation: 'tok' });
    expect(
      loginRequestSchema.parse({
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        eventSlug: 's-1',
        isPublic: true,
      }),
    ).toMatchObject({ eventSlug: 's-1' });
  });

  it('treats whitespace-only values as blank', () => {
    expect(loginRequestSchema.safeParse({ email: '   ', password: 'x' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ email: 'a@b.c', password: '  ' }).success).toBe(false);
  });

  it('says an empty sign-in field must be filled, not that the password is wrong', () => {
    expect(firstMessage(passwordLoginSchema.safeParse({ email: '', password: '' }))).toBe(
      'This field must be filled',
    );
    expect(firstMessage(passwordLoginSchema.safeParse({ email: 'a@b.c', password: '' }))).toBe(
      'This field must be filled',
    );
  });

  it('uses the spec messages for the forgotten-password e-mail', () => {
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: '' }))).toBe('Please fill the email field');
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: 'nope' }))).toBe(
      'Please enter a valid email',
    );
  });

  it('uses the spec messages for the change-password form', () => {
    expect(firstMessage(changePasswordFormSchema.safeParse({ password: '', confirmation: '' }))).toBe(
      'Please enter valid passwords: at least 8 characters, at most 200',
    );
    // The rule is said where a password breaks it, by the server's schema as by the form's.
    expect(firstMessage(changePasswordSchema.safeParse({ password: 'short' }))).toBe(MESSAGES.passwordRule);
    expect(
      firstMessage(changePasswordFormSchema.safeParse({ password: 'short', confirmation: 'short' })),
    ).toContain('at least 8 characters');
    expect(
      firstMessage(changePasswordFormSchema.safeParse({ password: 'long enough 1', confirmation: 'other' })),
    ).toBe('Both passwords are not matching');
    expect(
      changePasswordFormSchema.safeParse({ password: 'long enough 1', confirmation: 'long enough 1' })
        .success,
    ).toBe(true);
  });
});
