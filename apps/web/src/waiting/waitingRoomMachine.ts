// The waiting room (live-room spec, section 4): preparing, ready once the devices are obtained, then
// joining. Three regions run side by side: `media` (mediaStates.ts), `room` (roomStates.ts) and, for a
// guest of an event with a lobby, `lobby` (lobbyStates.ts: knocking until a host admits them). Joining
// needs media and room ready; it saves the preferences, stops the preview and ends the machine.
import { and, not } from 'xstate';
import { lobbyRegion } from './lobbyStates.ts';
import { mediaRegion } from './mediaStates.ts';
import { roomRegion } from './roomStates.ts';
import { EMPTY_DEVICE_LISTS } from './waitingRoomContext.ts';
import { waitingRoomSetup } from './waitingRoomSetup.ts';

export type { WaitingRoomEmitted, WaitingRoomEvent, WaitingRoomInput } from './waitingRoomSetup.ts';
export { isStaff } from './waitingRoomSetup.ts';

export const waitingRoomMachine = waitingRoomSetup.createMachine({
  id: 'waitingRoom',
  context: ({ input }) => {
    const preferences = input.preferences.read();
    return {
      roomId: input.roomId,
      isManager: input.isManager,
      cameraAllowed: input.cameraAllowed,
      preferences: input.preferences,
      devices: EMPTY_DEVICE_LISTS,
      stream: null,
      audioEnabled: preferences.audioEnabled,
      // A lab without cameras never opens one, whatever this browser chose elsewhere.
      videoEnabled: input.cameraAllowed && preferences.videoEnabled,
      audioInputId: preferences.audioInputId,
      videoInputId: preferences.videoInputId,
      audioOutputId: preferences.audioOutputId,
      probeErrors: [],
      opening: null,
      relistPending: false,
      participation: null,
      arrivalRole: null,
      pendingRole: null,
      roleError: null,
      roomError: null,
      lobbyRefusal: null,
    };
  },
  initial: 'waiting',
  states: {
    waiting: {
      type: 'parallel',
      // Plugging and unplugging is watched for the whole visit; the media region reacts when ready.
      invoke: { src: 'watchDevices' },
      // A guest who must knock does so in the lobby region (lobbyStates.ts) instead of going in.
      on: { 'room.join': { guard: and(['canJoin', not('mustKnock')]), target: 'joining' } },
      states: { media: mediaRegion, room: roomRegion, lobby: lobbyRegion },
    },
    joining: { type: 'final', entry: ['persistPreferences', 'handOverPreview'] },
  },
});
