// The `lobby` region of the waiting room (issue 33, part 2): a guest of an event with a lobby pressed
// Join and knocks (the `knock` actor, on the room socket) while the preview goes on; admitted, the
// machine goes in; refused (denied, the room locked, removed from this session), the page says why and
// Join knocks again.
import { and } from 'xstate';
import { waitingRoomSetup } from './waitingRoomSetup.ts';

// Re-entering the parallel `waiting` state would restart the preview: the knock is this region's own.
const knock = {
  guard: and(['canJoin', 'mustKnock']),
  target: 'knocking',
  actions: 'clearLobbyRefusal',
} as const;

export const lobbyRegion = waitingRoomSetup.createStateConfig({
  initial: 'outside',
  states: {
    outside: { on: { 'room.join': knock } },
    knocking: {
      invoke: { src: 'knock', input: ({ context }) => ({ roomId: context.roomId ?? 0 }) },
      on: {
        'lobby.answer': [
          { guard: 'admitted', target: '#waitingRoom.joining' },
          { guard: 'refusedEntry', target: 'refused', actions: 'keepLobbyRefusal' },
        ],
      },
    },
    refused: { on: { 'room.join': knock } },
  },
});
