// Deutsche Texte der Begründung, die das Backoffice vor einem Löschen, Archivieren, Sperren oder einer
// Änderung der Zugriffsrechte verlangt (Schlüssel `reason` im Namensraum `admin`).
import type { Widen } from '../widen.ts';
import type { reasonEn } from './reason.en.ts';

export const reasonDe: Widen<typeof reasonEn> = {
  label: 'Begründung',
  hint: 'Pflichtfeld. Wird mit Ihrem Namen und der Uhrzeit im Audit-Trail festgehalten.',
  changeLabel: 'Begründung für diese Änderung',
  changeHint: 'Rolle, Berechtigungen oder Aktivstatus ändern sich: Der Audit-Trail hält fest, warum.',
  required: 'Geben Sie eine Begründung für diese Änderung an.',
};
