// Textes français de la page des jours de déploiement, pour les super-administrateurs.
import type { Widen } from '../widen.ts';
import type { deploymentDaysEn } from './deploymentDays.en.ts';

export const deploymentDaysFr: Widen<typeof deploymentDaysEn> = {
  title: 'Jours de déploiement',
  intro:
    'Les jours où la plateforme est mise à jour : aucun laboratoire ne peut y planifier d’événement (le formulaire d’événement ne les propose pas, et le serveur les refuse).',
  add: 'Bloquer un jour',
  day: 'Jour',
  block: 'Bloquer ce jour',
  blocking: 'Blocage…',
  blocked: 'Le {{day}} est bloqué.',
  chooseFirst: 'Choisissez d’abord un jour.',
  list: 'Jours bloqués',
  none: 'Aucun jour n’est bloqué.',
  past: 'Passé',
  removeMessage_one: 'Les laboratoires pourront de nouveau planifier des événements ce jour-là.',
  removeMessage_other:
    'Les laboratoires pourront de nouveau planifier des événements ces {{count}} jours-là.',
  removed_one: 'Le jour est de nouveau libre.',
  removed_other: '{{count}} jours sont de nouveau libres.',
};
