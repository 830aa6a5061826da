// Textes français des consentements d’un invité (issue 33).
import type { Widen } from '../widen.ts';
import type { consentsEn } from './consents.en.ts';

export const consentsFr: Widen<typeof consentsEn> = {
  legend: 'Consentements',
  required: '(obligatoire)',
  optional: '(facultatif)',
  kinds: {
    data_processing: 'Traitement de mes données',
    recording: 'Enregistrement',
    contact: 'Être contacté',
  },
  tickRequired: 'Cochez les consentements obligatoires pour entrer dans l’événement.',
  missing: 'Acceptez d’abord les consentements obligatoires : {{kinds}}.',
  title: 'Vos consentements',
  given: 'Consentements que vous avez donnés',
  joinAfter:
    'Vous pourrez rejoindre l’événement une fois les consentements obligatoires ci-dessous acceptés.',
  accept: 'Accepter',
  accepting: 'Enregistrement…',
  version: 'version {{version}}',
  givenOnPublicPage: 'Accepté le {{when}} sur la page publique de l’événement.',
  givenOnEventPage: 'Accepté le {{when}} sur votre page de l’événement.',
  withdrawnOn: 'Retiré le {{when}}.',
  withdraw: 'Retirer ce consentement',
  withdrawRequiredWarning:
    'Ce consentement est obligatoire : une fois retiré, vous ne pourrez plus entrer dans les salles de cet événement, sauf à l’accepter de nouveau.',
  withdrawOptionalWarning: 'Une fois ce consentement retiré, nous n’en faisons plus usage.',
  confirmWithdraw: 'Retirer',
  withdrawing: 'Retrait…',
  keep: 'Le conserver',
  loadFailed: 'Vos consentements n’ont pas pu être chargés : {{reason}}',
};
