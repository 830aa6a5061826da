// Deutsche Texte der Teilnahmebescheinigungen im Backoffice (Issue 33, Teil 6).
import type { Widen } from '../widen.ts';
import type { certificatesEn } from './certificates.en.ts';

export const certificatesDe: Widen<typeof certificatesEn> = {
  rules: {
    title: 'Teilnahmebescheinigungen',
    lead: 'Teilnehmer, die diese Regeln erfüllen, erhalten nach Abschluss der Veranstaltung eine PDF-Bescheinigung per E-Mail und können sie auf der Seite ihrer Veranstaltung herunterladen.',
    enabled: 'Teilnahmebescheinigungen ausstellen',
    minPresence: 'Mindestanteil der Veranstaltungszeit anwesend (%)',
    minPolls: 'Mindestanzahl beantworteter Umfragen',
    save: 'Regeln speichern',
    saving: 'Wird gespeichert…',
    saved: 'Regeln der Bescheinigungen gespeichert.',
    locked:
      'Die Veranstaltung hat begonnen: Ihre Bescheinigungsregeln sind gesperrt, da die Teilnehmer an die Regeln gebunden sind, wie sie galten.',
  },
  standings: {
    title: 'Teilnahmebescheinigungen',
    rules:
      'Regeln: {{percent}} % der {{minutes}} Minuten der Veranstaltung anwesend, {{polls}} Umfrage(n) beantwortet.',
    off: 'Diese Veranstaltung stellt keine Bescheinigungen aus.',
    running: 'Vorläufige Zahlen: Bescheinigungen werden nach Abschluss der Veranstaltung ausgestellt.',
    none: 'Zu dieser Veranstaltung wurde kein Teilnehmer eingeladen.',
    name: 'Teilnehmer',
    present: 'Anwesenheit',
    presentValue: '{{minutes}} Min. ({{percent}} %)',
    polls: 'Beantwortete Umfragen',
    result: 'Ergebnis',
    certificate: 'Bescheinigung',
    qualified: 'Erfüllt',
    notQualified: 'Nicht erfüllt: {{why}}',
    shortfalls: {
      presence: 'zu wenig Zeit anwesend',
      polls: 'zu wenige Umfragen beantwortet',
    },
    issued: 'Ausgestellt',
    toIssue: 'Wird ausgestellt',
    revoked: 'Widerrufen: {{reason}}',
    noCertificate: 'Keine',
    revoke: 'Widerrufen',
    revokeTitle: 'Die Bescheinigung von {{name}} widerrufen?',
    revokeMessage:
      'Die öffentliche Prüfseite zeigt diese Bescheinigung als widerrufen, und der Teilnehmer kann sie nicht mehr herunterladen. Dies kann nicht rückgängig gemacht werden.',
    revokeConfirm: 'Bescheinigung widerrufen',
    revokedToast: 'Bescheinigung widerrufen.',
  },
};
