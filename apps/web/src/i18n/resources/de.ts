// German texts.
import type { Translations } from './en.ts';

export const de: Translations = {
  app: {
    name: 'LabLive',
    tagline: 'Video-Events und Live-Räume für Labore',
    skipToContent: 'Zum Inhalt springen',
    homeLink: 'LabLive-Startseite',
  },
  common: {
    loading: 'Wird geladen…',
    signIn: 'Anmelden',
    signOut: 'Abmelden',
    signingOut: 'Abmeldung…',
    backToSignIn: 'Zurück zur Anmeldung',
    backToHome: 'Zurück zur Startseite',
    logoAlt: 'Logo von {{name}}',
  },
  language: {
    label: 'Sprache',
  },
  home: {
    intro: 'Planen Sie Video-Events, laden Sie Teilnehmende ein und treffen Sie sie in Live-Räumen.',
    continue: 'Weiter als {{name}}',
    invitationFailed: 'Der Einladungslink konnte nicht verwendet werden.',
  },
  login: {
    title: 'Anmeldung',
    email: 'E-Mail',
    password: 'Passwort',
    remember: 'Angemeldet bleiben',
    submit: 'Anmelden',
    sending: 'Anmeldung…',
    forgot: 'Passwort vergessen?',
  },
  forgot: {
    title: 'Passwort vergessen?',
    intro:
      'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort wählen können.',
    email: 'E-Mail',
    submit: 'Link senden',
    sending: 'Wird gesendet…',
    sentTitle: 'E-Mail gesendet',
    sentBody:
      'Falls ein Konto für {{email}} existiert, ist ein Link zum Wählen eines neuen Passworts unterwegs. Bitte prüfen Sie Ihr Postfach.',
  },
  reset: {
    title: 'Neues Passwort wählen',
    hint: 'Mindestens {{min}} Zeichen.',
    password: 'Neues Passwort',
    confirmation: 'Neues Passwort bestätigen',
    submit: 'Passwort ändern',
    sending: 'Wird gespeichert…',
    missingToken: 'Dieser Link ist unvollständig. Fordern Sie einen neuen an.',
    requestNew: 'Neuen Link anfordern',
  },
  event: {
    title: 'Ihr Event',
    organisedBy: 'Veranstaltet von {{name}}',
    participant: 'Angemeldet als {{name}}',
    none: 'Mit dieser Sitzung ist kein Event verknüpft.',
  },
  calendar: {
    title: 'Ihr Kalender',
    invitedTo: 'Sie sind eingeladen zu',
    organisedBy: 'Veranstaltet von {{name}}',
  },
  errors: {
    network: 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    server: 'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    tooManyAttempts: 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
    eventNotFound: 'Dieses Event wurde nicht gefunden.',
  },
  messages: {
    loginFailed: 'Bitte überprüfen Sie Ihre Anmeldedaten',
    alreadyInSession: 'Sie sind bereits in einer Sitzung',
    fillEmail: 'Bitte füllen Sie das E-Mail-Feld aus',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    passwordsNotMatching: 'Die beiden Passwörter stimmen nicht überein',
    invalidPasswords: 'Bitte geben Sie gültige Passwörter ein',
    passwordChanged: 'Ihr Passwort wurde geändert',
    invalidToken: 'Ungültiges Token.',
    notEnoughPermissions: 'Unzureichende Berechtigungen',
    fieldRequired: 'Dieses Feld muss ausgefüllt werden',
  },
};
