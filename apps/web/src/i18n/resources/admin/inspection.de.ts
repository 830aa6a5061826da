// Deutsche Texte der signierten Exporte für Prüfer (Schlüssel `inspection` des Namensraums `admin`).
import type { Widen } from '../widen.ts';
import type { inspectionEn } from './inspection.en.ts';

export const inspectionDe: Widen<typeof inspectionEn> = {
  title: 'Für Prüfer.',
  auditExport: 'Für Prüfer exportieren (signiert)',
  roomLog: 'Signiertes Sitzungsprotokoll',
  roomLogOf: 'Signiertes Sitzungsprotokoll von Raum {{number}}',
  exporting: 'Die signierte Datei wird vorbereitet…',
  how: 'Eine signierte Datei (.jsonl) verrät jede Änderung. Prüfer kontrollieren sie unverändert mit diesem Befehl und dem Prüfschlüssel des Labors:',
  command: 'npx lablive-verify <Datei> --key <Schlüssel>',
  key: 'Prüfschlüssel',
  keyLoading: 'Der Prüfschlüssel wird geladen…',
  keyFailed: 'Der Prüfschlüssel konnte nicht geladen werden: {{reason}}',
  retry: 'Erneut versuchen',
  copyKey: 'Schlüssel kopieren',
  keyCopied: 'Prüfschlüssel kopiert.',
  keyNotCopied: 'Der Schlüssel konnte hier nicht kopiert werden: Markieren und kopieren Sie ihn von Hand.',
};
