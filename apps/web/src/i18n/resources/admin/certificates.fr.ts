// Textes français des attestations de présence dans le back-office (issue 33, partie 6).
import type { Widen } from '../widen.ts';
import type { certificatesEn } from './certificates.en.ts';

export const certificatesFr: Widen<typeof certificatesEn> = {
  rules: {
    title: 'Attestations de présence',
    lead: 'Les participants qui remplissent ces règles reçoivent une attestation PDF par e-mail une fois l’événement clôturé, et peuvent la télécharger depuis la page de leur événement.',
    enabled: 'Délivrer des attestations de présence',
    minPresence: 'Part minimale du temps de l’événement passée présent (%)',
    minPolls: 'Nombre minimal de sondages répondus',
    save: 'Enregistrer les règles',
    saving: 'Enregistrement…',
    saved: 'Règles des attestations enregistrées.',
    locked:
      'L’événement a commencé\u00a0: ses règles d’attestation sont verrouillées, les participants étant tenus aux règles telles qu’elles étaient.',
  },
  standings: {
    title: 'Attestations de présence',
    rules:
      'Règles\u00a0: {{percent}}\u00a0% des {{minutes}} minutes de l’événement en présence, {{polls}} sondage(s) répondu(s).',
    off: 'Cet événement ne délivre pas d’attestations.',
    running: 'Chiffres provisoires\u00a0: les attestations sont délivrées une fois l’événement clôturé.',
    none: 'Aucun participant n’a été invité à cet événement.',
    name: 'Participant',
    present: 'Temps de présence',
    presentValue: '{{minutes}}\u00a0min ({{percent}}\u00a0%)',
    polls: 'Sondages répondus',
    result: 'Résultat',
    certificate: 'Attestation',
    qualified: 'Admis',
    notQualified: 'Non admis\u00a0: {{why}}',
    shortfalls: {
      presence: 'temps de présence insuffisant',
      polls: 'trop peu de sondages répondus',
    },
    issued: 'Délivrée',
    toIssue: 'En cours de délivrance',
    revoked: 'Révoquée\u00a0: {{reason}}',
    noCertificate: 'Aucune',
    revoke: 'Révoquer',
    revokeTitle: 'Révoquer l’attestation de {{name}}\u00a0?',
    revokeMessage:
      'La page publique de vérification indiquera que cette attestation est révoquée, et le participant ne pourra plus la télécharger. C’est définitif.',
    revokeConfirm: 'Révoquer l’attestation',
    revokedToast: 'Attestation révoquée.',
  },
};
