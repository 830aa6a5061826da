// Textes français de la page des consentements (issue 33).
import type { Widen } from '../widen.ts';
import type { consentsEn } from './consents.en.ts';

export const consentsFr: Widen<typeof consentsEn> = {
  title: 'Consentements',
  intro:
    'Ce que les invités acceptent avant d’entrer dans un événement\u00a0: le texte de chaque type en français, en anglais et en allemand. Une modification crée une nouvelle version\u00a0; les invités gardent les mots qu’ils ont acceptés, et un consentement obligatoire leur est redemandé.',
  list: 'Textes de consentement',
  none: 'Aucun texte de consentement pour l’instant.',
  kind: 'Consentement',
  kinds: {
    data_processing: 'Traitement des données',
    recording: 'Enregistrement',
    contact: 'Contact',
  },
  status: 'Demandé',
  notWritten: 'Non rédigé\u00a0: non demandé',
  notAsked: 'Non demandé',
  required: 'Obligatoire',
  optional: 'Facultatif',
  version: 'Version',
  written: 'Rédigé',
  versionOf: 'Version {{version}}, rédigée le {{when}}',
  language: { fr: 'Français', en: 'Anglais', de: 'Allemand' },
  write: 'Rédiger',
  edit: 'Modifier',
  formTitle: 'Consentement «\u00a0{{kind}}\u00a0»',
  newVersionHint:
    'Enregistrer des mots modifiés ou un changement de «\u00a0obligatoire\u00a0» crée une nouvelle version.',
  requiredLabel: 'Obligatoire pour entrer',
  activeLabel: 'Demandé aux invités',
  textRequired: 'Rédigez ce texte.',
  textTooLong: '{{max}} caractères au plus.',
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  cancel: 'Annuler',
  saved: 'Consentement enregistré (version {{version}}).',
};
