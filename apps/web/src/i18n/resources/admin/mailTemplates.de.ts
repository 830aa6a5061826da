// Deutsche Texte der Mailvorlagen eines Mediums (Abschnitt des Medienformulars).
import type { Widen } from '../widen.ts';
import type { mailTemplatesEn } from './mailTemplates.en.ts';

export const mailTemplatesDe: Widen<typeof mailTemplatesEn> = {
  title: 'Mailvorlagen',
  intro:
    'Die Mails zu einer Veranstaltung mit diesem Medium können Ihren eigenen Wortlaut verwenden, je Mailart und Sprache. Ohne Vorlage sendet LabLive seinen eigenen Wortlaut.',
  grid: 'Mailvorlagen nach Art und Sprache',
  kind: 'Mail',
  kinds: {
    invitation: 'Einladung',
    reminder: 'Erinnerung',
    event_update: 'Veranstaltung geändert',
    event_cancelled: 'Veranstaltung abgesagt',
  },
  languages: { fr: 'Französisch', en: 'Englisch', de: 'Deutsch' },
  own: 'Eigene',
  standard: 'LabLive',
  cellLabel: '{{kind}}, {{language}}: {{state}}',
  editing: '{{kind}} auf {{language}}',
  choose: 'Wählen Sie oben eine Mail und eine Sprache, um ihre Vorlage zu schreiben.',
  subject: 'Betreff',
  body: 'Text',
  bodyHint: 'Reiner Text: Eine Leerzeile beginnt einen neuen Absatz, Webadressen werden zu Links.',
  placeholders: 'Platzhalter',
  placeholdersHint: 'Werden an der Cursorposition eingefügt, im Betreff oder im Text.',
  insert: '{{placeholder}} einfügen: {{meaning}}',
  meanings: {
    name: 'der Name des Gastes',
    event: 'der Name der Veranstaltung',
    date: 'Tag, Uhrzeit und Zeitzone',
    link: 'der persönliche Link des Gastes',
    calendarLink: 'der Link zum Eintragen in einen Kalender',
  },
  preview: 'Vorschau',
  previewHint: 'Mit einer Beispielveranstaltung gefüllt, so wie ein Gast sie erhielte.',
  previewSubject: 'Betreff: {{subject}}',
  previewFrame: 'Vorschau der Mail',
  previewWaiting: 'Die Vorschau erscheint, sobald Betreff und Text gültig sind.',
  previewFailed: 'Die Vorschau konnte nicht erstellt werden.',
  save: 'Vorlage speichern',
  saving: 'Wird gespeichert…',
  saved: 'Vorlage gespeichert: Die nächsten Mails verwenden sie.',
  reset: 'Zurück zum Wortlaut von LabLive',
  resetTitle: 'Zurück zum Wortlaut von LabLive?',
  resetMessage:
    'Diese Vorlage wird gelöscht: Die nächsten Mails „{{kind}}“ auf {{language}} verwenden wieder den Wortlaut von LabLive.',
  resetDone: 'Vorlage gelöscht: Der Wortlaut von LabLive wird wieder verwendet.',
  reasons: {
    required: 'Dieses Feld muss ausgefüllt werden.',
    singleLine: 'Der Betreff muss eine einzige Zeile sein.',
    subjectTooLong: 'Der Betreff ist zu lang (höchstens 200 Zeichen).',
    bodyTooLong: 'Der Text ist zu lang (höchstens 10.000 Zeichen).',
    unknownPlaceholder:
      'Unbekannter Platzhalter: {{unknown}}. Verwenden Sie die unten aufgeführten Platzhalter.',
  },
};
