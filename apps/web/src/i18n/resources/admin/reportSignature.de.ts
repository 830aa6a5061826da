// Deutsche Texte der elektronischen Unterschrift einer Meldung auf ihrer Seite (Schlüssel
// `reportSignature` des Namensraums `admin`): die Worte des PDFs der Meldung.
import type { Widen } from '../widen.ts';
import type { reportSignatureEn } from './reportSignature.en.ts';

export const reportSignatureDe: Widen<typeof reportSignatureEn> = {
  title: 'Elektronische Unterschrift',
  signedBy: 'Unterzeichnet von',
  signedAt: 'Datum der Unterschrift',
  meaning: 'Bedeutung',
  fingerprint: 'Fingerabdruck der Meldung (SHA-256)',
  status: 'Status',
  intact: 'Die gespeicherte Meldung entspricht dem unterzeichneten Fingerabdruck.',
  altered: 'ACHTUNG: Die gespeicherte Meldung entspricht nicht mehr dem unterzeichneten Fingerabdruck.',
  alteredHint:
    'Sie wurde nach dem Absenden geändert: Verlassen Sie sich nicht darauf und informieren Sie die Qualitätsverantwortlichen des Labors.',
  unsigned: 'Vor der Einführung elektronischer Unterschriften gemeldet: nicht unterzeichnet.',
};
