// Textes français des attestations de présence vues par un invité (issue 33, partie 6).

import type { certificatesEn } from './certificates.en.ts';
import type { Widen } from './widen.ts';

export const certificatesFr: Widen<typeof certificatesEn> = {
  mine: {
    title: 'Votre attestation de présence',
    issued: 'Votre attestation de présence est prête.',
    minutes_one: '{{count}} minute de présence',
    minutes_other: '{{count}} minutes de présence',
    code: 'Code de vérification',
    download: 'Télécharger l’attestation (PDF)',
    downloading: 'Téléchargement…',
    downloadFailed: 'L’attestation n’a pas pu être téléchargée.',
    pending:
      'Si vous remplissez les conditions de présence de cet événement, votre attestation sera ici, et dans votre boîte mail, une fois l’événement clôturé.',
    revoked: 'Votre attestation a été révoquée par les organisateurs.',
    verify: 'La vérifier sur la page de vérification',
  },
  verify: {
    title: 'Vérifier une attestation de présence',
    intro: 'Saisissez le code de vérification imprimé sur l’attestation.',
    code: 'Code de vérification',
    codeHint: '20 lettres et chiffres, tels qu’imprimés (tirets facultatifs).',
    submit: 'Vérifier',
    checking: 'Vérification…',
    invalid: 'Un code de vérification compte 20 lettres et chiffres.',
    valid: 'Attestation valide',
    revoked: 'Cette attestation a été révoquée',
    revokedHint: 'L’organisateur l’a retirée\u00a0: elle n’atteste plus la présence ci-dessous.',
    unknown: 'Aucune attestation ne porte ce code. Vérifiez qu’il est saisi tel qu’imprimé.',
    name: 'Nom',
    event: 'Événement',
    date: 'Date',
    minutes: 'Temps de présence',
    minutesValue_one: '{{count}} minute',
    minutesValue_other: '{{count}} minutes',
  },
};
