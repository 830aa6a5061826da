// Deutsche Texte der Einwilligungen eines Gastes (Issue 33).
import type { Widen } from '../widen.ts';
import type { consentsEn } from './consents.en.ts';

export const consentsDe: Widen<typeof consentsEn> = {
  legend: 'Einwilligungen',
  required: '(erforderlich)',
  optional: '(freiwillig)',
  kinds: {
    data_processing: 'Verarbeitung meiner Daten',
    recording: 'Aufzeichnung',
    contact: 'Kontaktaufnahme',
  },
  tickRequired: 'Kreuzen Sie die erforderlichen Einwilligungen an, um an der Veranstaltung teilzunehmen.',
  missing: 'Erteilen Sie zuerst die erforderlichen Einwilligungen: {{kinds}}.',
  title: 'Ihre Einwilligungen',
  given: 'Ihre erteilten Einwilligungen',
  joinAfter: 'Sie können teilnehmen, sobald Sie die erforderlichen Einwilligungen unten erteilt haben.',
  accept: 'Einwilligen',
  accepting: 'Wird gespeichert…',
  version: 'Version {{version}}',
  givenOnPublicPage: 'Erteilt am {{when}} auf der öffentlichen Seite der Veranstaltung.',
  givenOnEventPage: 'Erteilt am {{when}} auf Ihrer Veranstaltungsseite.',
  withdrawnOn: 'Widerrufen am {{when}}.',
  withdraw: 'Diese Einwilligung widerrufen',
  withdrawRequiredWarning:
    'Diese Einwilligung ist erforderlich: Nach dem Widerruf können Sie die Räume dieser Veranstaltung nicht mehr betreten, bis Sie erneut einwilligen.',
  withdrawOptionalWarning: 'Nach dem Widerruf machen wir von dieser Einwilligung keinen Gebrauch mehr.',
  confirmWithdraw: 'Widerrufen',
  withdrawing: 'Wird widerrufen…',
  keep: 'Beibehalten',
  loadFailed: 'Ihre Einwilligungen konnten nicht geladen werden: {{reason}}',
};
