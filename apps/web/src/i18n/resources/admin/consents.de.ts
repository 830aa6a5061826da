// Deutsche Texte der Seite der Einwilligungen (Issue 33).
import type { Widen } from '../widen.ts';
import type { consentsEn } from './consents.en.ts';

export const consentsDe: Widen<typeof consentsEn> = {
  title: 'Einwilligungen',
  intro:
    'Was Gäste vor dem Betreten einer Veranstaltung erteilen: der Text jeder Art auf Französisch, Englisch und Deutsch. Eine Änderung erzeugt eine neue Version; Gäste behalten den Wortlaut, dem sie zugestimmt haben, und eine erforderliche wird erneut erfragt.',
  list: 'Einwilligungstexte',
  none: 'Noch kein Einwilligungstext.',
  kind: 'Einwilligung',
  kinds: {
    data_processing: 'Datenverarbeitung',
    recording: 'Aufzeichnung',
    contact: 'Kontakt',
  },
  status: 'Erfragt',
  notWritten: 'Nicht verfasst: nicht erfragt',
  notAsked: 'Nicht erfragt',
  required: 'Erforderlich',
  optional: 'Freiwillig',
  version: 'Version',
  written: 'Verfasst',
  versionOf: 'Version {{version}}, verfasst am {{when}}',
  language: { fr: 'Französisch', en: 'Englisch', de: 'Deutsch' },
  write: 'Verfassen',
  edit: 'Bearbeiten',
  formTitle: 'Einwilligung „{{kind}}“',
  newVersionHint:
    'Geänderter Wortlaut oder eine Änderung von „erforderlich“ erzeugt beim Speichern eine neue Version.',
  requiredLabel: 'Zum Betreten erforderlich',
  activeLabel: 'Von Gästen erfragt',
  textRequired: 'Verfassen Sie diesen Text.',
  textTooLong: 'Höchstens {{max}} Zeichen.',
  save: 'Speichern',
  saving: 'Wird gespeichert…',
  cancel: 'Abbrechen',
  saved: 'Einwilligung gespeichert (Version {{version}}).',
};
