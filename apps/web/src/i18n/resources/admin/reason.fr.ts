// Textes français du motif que le back-office demande avant une suppression, un archivage, une
// suspension ou un changement d’accès (clé `reason` de l’espace de noms `admin`).
import type { Widen } from '../widen.ts';
import type { reasonEn } from './reason.en.ts';

export const reasonFr: Widen<typeof reasonEn> = {
  label: 'Motif',
  hint: 'Obligatoire. Conservé dans la piste d’audit avec votre nom et l’heure.',
  changeLabel: 'Motif de cette modification',
  changeHint: 'Le rôle, les droits ou le statut actif changent : la piste d’audit en garde le motif.',
  required: 'Indiquez le motif de cette modification.',
};
