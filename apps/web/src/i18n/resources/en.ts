// English texts, the fallback language. The spec's fixed messages are used as they are (except the one
// the spec gives in French); every other language must provide the same keys (see Translations).
import { MESSAGES } from '@lablive/domain';
import type { Widen } from './widen.ts';

export const en = {
  app: {
    name: 'LabLive',
    tagline: 'Video events and live rooms for laboratories',
    skipToContent: 'Skip to content',
    homeLink: 'LabLive home',
  },
  common: {
    loading: 'Loading…',
    signIn: 'Sign in',
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    backToSignIn: 'Back to sign in',
    backToHome: 'Back to home',
    logoAlt: '{{name}} logo',
  },
  language: {
    label: 'Language',
  },
  home: {
    intro: 'Plan video events, invite participants and meet them in live rooms.',
    continue: 'Continue as {{name}}',
    invitationFailed: 'The invitation link could not be used.',
  },
  login: {
    title: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    remember: 'Remember me',
    submit: 'Sign in',
    sending: 'Signing in…',
    forgot: 'Forgot your password?',
  },
  forgot: {
    title: 'Forgot your password?',
    intro: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    email: 'E-mail',
    submit: 'Send the link',
    sending: 'Sending…',
    sentTitle: 'Email sent',
    sentBody:
      'If an account exists for {{email}}, a link to choose a new password is on its way. Please check your mailbox.',
  },
  reset: {
    title: 'Choose a new password',
    hint: 'At least {{min}} characters.',
    password: 'New password',
    confirmation: 'Confirm the new password',
    submit: 'Change the password',
    sending: 'Saving…',
    missingToken: 'This link is incomplete. Ask for a new one.',
    requestNew: 'Ask for a new link',
  },
  event: {
    title: 'Your event',
    organisedBy: 'Organised by {{name}}',
    participant: 'Signed in as {{name}}',
    none: 'No event is linked to this session.',
  },
  calendar: {
    title: 'Your calendar',
    invitedTo: 'You are invited to',
    organisedBy: 'Organised by {{name}}',
    hello: 'Hello {{name}},',
    timeZone: 'Times in {{timeZone}}',
    add: 'Add it to your calendar',
    download: 'Download the calendar file (.ics)',
    downloadHint: 'Outlook, Apple Calendar and most calendars open it; it stays up to date with our mails.',
    google: 'Add to Google Calendar',
    outlook: 'Add to Outlook on the web',
    newTab: '(opens in a new tab)',
    saving: 'Saving to your calendar…',
    saved: 'The calendar file is downloaded: open it to add the event.',
    saveFailed: 'An error occurred while saving.',
    participantFailed: 'Participant authentication error',
    eventFailed: 'Error while retrieving the event.',
    join: 'Go to the event',
    ended: 'This event has ended.',
    room: 'Your room',
    roomSave: 'Save my room',
    roomSaved: 'Your room is saved.',
    publicLink: 'Public link of the event',
    copy: 'Copy the link',
    copied: 'Link copied.',
    notCopied: 'Copy this link by hand: {{url}}',
  },
  errors: {
    network: 'The server could not be reached. Check your connection and try again.',
    server: 'Something went wrong on our side. Please try again.',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    eventNotFound: 'This event could not be found.',
  },
  messages: {
    loginFailed: MESSAGES.loginFailed,
    alreadyInSession: 'You are already in a session',
    fillEmail: MESSAGES.fillEmail,
    invalidEmail: MESSAGES.invalidEmail,
    passwordsNotMatching: MESSAGES.passwordsNotMatching,
    invalidPasswords: MESSAGES.invalidPasswords,
    passwordChanged: MESSAGES.passwordChanged,
    invalidToken: MESSAGES.invalidToken,
    notEnoughPermissions: MESSAGES.notEnoughPermissions,
    fieldRequired: MESSAGES.fieldRequired,
  },
} as const;

/** The shape every language provides: the English keys, each with a text. */
export type Translations = Widen<typeof en>;
