// Deutsche Texte des Warteraums im Live-Raum (Issue 33, Teil 2), in de.ts übernommen.
import type { RoomLobbyTexts } from './lobby.en.ts';

export const roomLobbyDe: RoomLobbyTexts = {
  lobby: {
    title: 'Warteraum',
    waiting_one: '{{count}} Person wartet auf Einlass',
    waiting_other: '{{count}} Personen warten auf Einlass',
    open: 'Raum offen',
    locked: 'Raum gesperrt: Niemand Neues kommt herein',
    lock: 'Raum sperren',
    unlock: 'Raum entsperren',
    admit: 'Einlassen',
    deny: 'Ablehnen',
    admitName: '{{name}} einlassen',
    denyName: '{{name}} ablehnen',
    admitAll: 'Alle einlassen',
    knocked: '{{name}} bittet um Einlass in den Raum.',
    remove: 'Entfernen',
    removeName: '{{name}} aus dieser Sitzung entfernen',
    removeConfirm:
      '{{name}} entfernen? Die Person verlässt den Raum sofort und kann nicht in diese Sitzung zurück.',
    removedTitle: 'Sie wurden aus dieser Sitzung entfernt',
    removedText:
      'Ein Moderator hat Sie aus dieser Sitzung entfernt. Sie können an einer späteren Sitzung der Veranstaltung teilnehmen.',
  },
};
