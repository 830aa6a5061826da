// The waiting-room machine as the browser runs it: the real devices, the REST client, and the media
// preferences in cookies.
import { listDevices, onDevicesChanged, openLocalStream } from '../media/devices.ts';
import { readMediaPreferences, saveMediaPreferences } from '../media/mediaPreferences.ts';
import { sameOriginSocketUrl } from '../room/session/socketUrl.ts';
import { api, tokenStore } from '../services.ts';
import { createKnockActor } from './lobbyKnock.ts';
import { createDeviceActors, createRoomActors } from './waitingRoomActors.ts';
import type { MediaPreferencesStore } from './waitingRoomContext.ts';
import { waitingRoomMachine } from './waitingRoomMachine.ts';

export const cookiePreferences: MediaPreferencesStore = {
  read: readMediaPreferences,
  save: saveMediaPreferences,
};

export const waitingRoomLogic = waitingRoomMachine.provide({
  actors: {
    ...createDeviceActors({
      listDevices,
      openLocalStream,
      onDevicesChanged,
      createStream: (tracks) => new MediaStream(tracks),
    }),
    ...createRoomActors(api.rooms),
    knock: createKnockActor({
      socketUrl: sameOriginSocketUrl(window.location),
      tokenStore,
      refreshToken: () => api.me(),
    }),
  },
});
