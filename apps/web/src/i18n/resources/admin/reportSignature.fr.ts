// Textes français de la signature électronique d’une déclaration sur sa page (clé `reportSignature`
// de l’espace `admin`) : les mots du PDF de la déclaration.
import type { Widen } from '../widen.ts';
import type { reportSignatureEn } from './reportSignature.en.ts';

export const reportSignatureFr: Widen<typeof reportSignatureEn> = {
  title: 'Signature électronique',
  signedBy: 'Signée par',
  signedAt: 'Date de signature',
  meaning: 'Signification',
  fingerprint: 'Empreinte de la déclaration (SHA-256)',
  status: 'État',
  intact: 'La déclaration enregistrée correspond à l’empreinte signée.',
  altered: 'ATTENTION : la déclaration enregistrée ne correspond plus à l’empreinte signée.',
  alteredHint:
    'Elle a été modifiée après son envoi : ne vous y fiez pas et prévenez le responsable qualité du laboratoire.',
  unsigned: 'Déclaration antérieure aux signatures électroniques : non signée.',
};
