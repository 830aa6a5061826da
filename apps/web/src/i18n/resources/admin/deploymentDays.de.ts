// Deutsche Texte der Seite der Deployment-Tage, für Super-Admins.
import type { Widen } from '../widen.ts';
import type { deploymentDaysEn } from './deploymentDays.en.ts';

export const deploymentDaysDe: Widen<typeof deploymentDaysEn> = {
  title: 'Deployment-Tage',
  intro:
    'Tage, an denen die Plattform aktualisiert wird: Kein Labor kann an ihnen eine Veranstaltung planen (das Veranstaltungsformular bietet sie nicht an, und der Server lehnt sie ab).',
  add: 'Einen Tag sperren',
  day: 'Tag',
  block: 'Diesen Tag sperren',
  blocking: 'Wird gesperrt…',
  blocked: 'Der {{day}} ist gesperrt.',
  chooseFirst: 'Wählen Sie zuerst einen Tag.',
  list: 'Gesperrte Tage',
  none: 'Kein Tag ist gesperrt.',
  past: 'Vergangen',
  removeMessage_one: 'Labore können an diesem Tag wieder Veranstaltungen planen.',
  removeMessage_other: 'Labore können an diesen {{count}} Tagen wieder Veranstaltungen planen.',
  removed_one: 'Der Tag ist wieder frei.',
  removed_other: '{{count}} Tage sind wieder frei.',
};
