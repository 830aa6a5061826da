// English texts of the live room's lobby (issue 33, part 2), spread into en.ts.
import type { Widen } from '../widen.ts';

export const roomLobbyEn = {
  lobby: {
    title: 'Lobby',
    waiting_one: '{{count}} person waiting to come in',
    waiting_other: '{{count}} people waiting to come in',
    open: 'Room open',
    locked: 'Room locked: nobody new comes in',
    lock: 'Lock the room',
    unlock: 'Unlock the room',
    admit: 'Admit',
    deny: 'Deny',
    admitName: 'Admit {{name}}',
    denyName: 'Deny {{name}}',
    admitAll: 'Admit everyone',
    knocked: '{{name}} asks to join the room.',
    remove: 'Remove',
    removeName: 'Remove {{name}} from this session',
    removeConfirm: 'Remove {{name}}? They leave at once and cannot come back into this session.',
    removedTitle: 'You were removed from this session',
    removedText: 'A host removed you from this session. You can come back in a later session of the event.',
  },
};

export type RoomLobbyTexts = Widen<typeof roomLobbyEn>;
