// English texts, the fallback language. The spec's fixed messages are used as they are (except the one
// the spec gives in French); every other language must provide the same keys (see Translations).
import { MESSAGES, REFUSALS, type RefusalKey } from '@lablive/domain';
import { broadcastEn } from './broadcast.en.ts';
import { certificatesEn } from './certificates.en.ts';
import { registrationEn } from './registration.en.ts';
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
    /** A personal value erased on its owner's request (GDPR): shown in its place, in italics. */
    erased: 'erased',
  },
  language: {
    label: 'Language',
  },
  home: {
    intro: 'Plan video events, invite participants and meet them in live rooms.',
    continue: 'Continue as {{name}}',
    invitationFailed: 'The invitation link could not be used.',
  },
  personalLink: {
    usedTitle: 'This link no longer works',
    usedText:
      'A personal link signs you in once, for a limited time, and this one has been used or has expired. We can send a new one to the e-mail address it was sent to.',
    resend: 'Send me a new link',
    sending: 'Sending…',
    sent: 'If this link was sent to you, a new one is on its way to the same address. Open it from your mailbox to join your event.',
    overTitle: 'This event is over',
    overText: 'The event this link was for has ended: the link no longer opens it.',
    staffSignIn: 'LabLive staff? Sign in with your password',
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
  confirmEmail: {
    title: 'Confirm your new e-mail address',
    intro: 'Your LabLive account will sign in with the address this link was sent to.',
    submit: 'Confirm this address',
    sending: 'Confirming…',
    done: 'Done: your account now signs in with {{email}}.',
    continue: 'Back to LabLive',
    invalid:
      'This link is invalid, used or expired. Change your e-mail address again in your account to receive a new one.',
    missingToken: 'This link is incomplete: open the whole link from the mail.',
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
    welcomeTitle: 'Set your password',
    welcomeIntro: 'Welcome to LabLive. Choose the password you will sign in with.',
    welcomeSubmit: 'Set my password',
    welcomeDone: 'Your password has been created. You can sign in with it now.',
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
    passwordRule: MESSAGES.passwordRule,
    passwordChanged: MESSAGES.passwordChanged,
    invalidToken: MESSAGES.invalidToken,
    notEnoughPermissions: MESSAGES.notEnoughPermissions,
    fieldRequired: MESSAGES.fieldRequired,
    labSuspended: MESSAGES.labSuspended,
    registrationRequired: MESSAGES.registrationRequired,
  },
  ...broadcastEn,
  certificates: certificatesEn,
  registration: registrationEn,
  rooms: { defaultName: 'Room {{number}}' },
  /** The server's refusals: its own English sentences, their `{name}` parts as i18next's `{{name}}`. */
  refusals: Object.fromEntries(
    Object.entries(REFUSALS).map(([key, sentence]) => [key, sentence.replace(/\{(\w+)\}/g, '{{$1}}')]),
  ) as Record<RefusalKey, string>,
} as const;

/** The shape every language provides: the English keys, each with a text. */
export type Translations = Widen<typeof en>;
