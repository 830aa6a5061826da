// User-facing messages fixed by the specification. They are part of the contract: the server sends them
// as they are, and the web client shows them (translated where the spec's text is a translation key).
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwordRule.ts';

export const MESSAGES = {
  loginFailed: 'Please verify your login/password',
  alreadyInSession: 'Vous êtes déjà dans une session',
  fillEmail: 'Please fill the email field',
  invalidEmail: 'Please enter a valid email',
  passwordsNotMatching: 'Both passwords are not matching',
  invalidPasswords: 'Please enter valid passwords',
  /** The spec's refusal of a password with the rule it breaks said (issue 28, part 6). */
  passwordRule: `Please enter valid passwords: at least ${PASSWORD_MIN_LENGTH} characters, at most ${PASSWORD_MAX_LENGTH}`,
  passwordChanged: 'Your password has been changed',
  invalidToken: 'Invalid token.',
  notEnoughPermissions: 'Not enough permissions',
  fieldRequired: 'This field must be filled',
  /** Issue 28: a suspended lab's people are told why they cannot sign in. */
  labSuspended: 'Access to this laboratory is suspended. Please contact your LabLive administrator.',
  /** A public event that takes registrations (issue 33): its guests enter by the link their registration mailed. */
  registrationRequired:
    'This event takes registrations: register on its page, then enter with the personal link mailed to you.',
} as const;
