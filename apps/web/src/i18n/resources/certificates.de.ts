// Deutsche Texte der Teilnahmebescheinigungen, die ein Gast sieht (Issue 33, Teil 6).

import type { certificatesEn } from './certificates.en.ts';
import type { Widen } from './widen.ts';

export const certificatesDe: Widen<typeof certificatesEn> = {
  mine: {
    title: 'Ihre Teilnahmebescheinigung',
    issued: 'Ihre Teilnahmebescheinigung ist bereit.',
    minutes_one: '{{count}} Minute anwesend',
    minutes_other: '{{count}} Minuten anwesend',
    code: 'Prüfcode',
    download: 'Bescheinigung herunterladen (PDF)',
    downloading: 'Wird heruntergeladen…',
    downloadFailed: 'Die Bescheinigung konnte nicht heruntergeladen werden.',
    pending:
      'Wenn Sie die Anwesenheitsregeln dieser Veranstaltung erfüllen, finden Sie Ihre Bescheinigung hier und in Ihrem Postfach, sobald die Veranstaltung abgeschlossen ist.',
    revoked: 'Ihre Bescheinigung wurde von den Veranstaltern widerrufen.',
    verify: 'Auf der Prüfseite prüfen',
  },
  verify: {
    title: 'Teilnahmebescheinigung prüfen',
    intro: 'Geben Sie den auf der Bescheinigung gedruckten Prüfcode ein.',
    code: 'Prüfcode',
    codeHint: '20 Buchstaben und Ziffern, wie gedruckt (Bindestriche optional).',
    submit: 'Prüfen',
    checking: 'Wird geprüft…',
    invalid: 'Ein Prüfcode hat 20 Buchstaben und Ziffern.',
    valid: 'Gültige Bescheinigung',
    revoked: 'Diese Bescheinigung wurde widerrufen',
    revokedHint:
      'Der Veranstalter hat sie zurückgezogen: Sie bescheinigt die unten genannte Teilnahme nicht mehr.',
    unknown: 'Keine Bescheinigung trägt diesen Code. Prüfen Sie, ob er wie gedruckt eingegeben ist.',
    name: 'Name',
    event: 'Veranstaltung',
    date: 'Datum',
    minutes: 'Anwesenheit',
    minutesValue_one: '{{count}} Minute',
    minutesValue_other: '{{count}} Minuten',
  },
};
