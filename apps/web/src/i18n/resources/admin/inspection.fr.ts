// Textes français des exports signés pour un inspecteur (clé `inspection` de l’espace `admin`).
import type { Widen } from '../widen.ts';
import type { inspectionEn } from './inspection.en.ts';

export const inspectionFr: Widen<typeof inspectionEn> = {
  title: 'Pour un inspecteur.',
  auditExport: 'Exporter pour un inspecteur (signé)',
  roomLog: 'Journal de session signé',
  roomLogOf: 'Journal de session signé de la salle {{number}}',
  exporting: 'Préparation du fichier signé…',
  how: 'Un fichier signé (.jsonl) révèle toute modification. Un inspecteur le vérifie, tel que téléchargé, avec cette commande et la clé de vérification du laboratoire :',
  command: 'npx lablive-verify <fichier> --key <clé>',
  key: 'Clé de vérification',
  keyLoading: 'Chargement de la clé de vérification…',
  keyFailed: 'La clé de vérification n’a pas pu être chargée : {{reason}}',
  retry: 'Réessayer',
  copyKey: 'Copier la clé',
  keyCopied: 'Clé de vérification copiée.',
  keyNotCopied: 'La clé n’a pas pu être copiée ici : sélectionnez-la et copiez-la à la main.',
};
