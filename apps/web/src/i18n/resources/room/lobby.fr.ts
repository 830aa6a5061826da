// Textes français de la salle d'attente de la salle en direct (issue 33, partie 2), repris dans fr.ts.
import type { RoomLobbyTexts } from './lobby.en.ts';

export const roomLobbyFr: RoomLobbyTexts = {
  lobby: {
    title: 'Salle d’attente',
    waiting_one: '{{count}} personne attend d’entrer',
    waiting_other: '{{count}} personnes attendent d’entrer',
    open: 'Salle ouverte',
    locked: 'Salle verrouillée : personne de nouveau n’entre',
    lock: 'Verrouiller la salle',
    unlock: 'Déverrouiller la salle',
    admit: 'Faire entrer',
    deny: 'Refuser',
    admitName: 'Faire entrer {{name}}',
    denyName: 'Refuser {{name}}',
    admitAll: 'Faire entrer tout le monde',
    knocked: '{{name}} demande à entrer dans la salle.',
    remove: 'Retirer',
    removeName: 'Retirer {{name}} de cette session',
    removeConfirm:
      'Retirer {{name}} ? La personne sort aussitôt et ne pourra pas revenir dans cette session.',
    removedTitle: 'Vous avez été retiré de cette session',
    removedText:
      'Un animateur vous a retiré de cette session. Vous pourrez revenir lors d’une prochaine session de l’événement.',
  },
};
