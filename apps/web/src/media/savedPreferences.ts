// Keeps the publish preferences in cookies as the person changes them in the room (live-room spec,
// section 9), whatever the provider: the next waiting room and a reload start from the last choice.
import type { MediaPreferences, MediaSession } from './mediaSession.ts';

export function withSavedPreferences(
  session: MediaSession,
  initial: MediaPreferences,
  save: (preferences: MediaPreferences) => void,
): MediaSession {
  let preferences = { ...initial };
  // Only what the person chose is saved: a failed switch or an unplugged device changes nothing.
  const update = (change: Partial<MediaPreferences>) => {
    preferences = { ...preferences, ...change };
    save(preferences);
  };
  return {
    ...session,
    async setAudioEnabled(enabled) {
      await session.setAudioEnabled(enabled);
      update({ audioEnabled: enabled });
    },
    async setVideoEnabled(enabled) {
      await session.setVideoEnabled(enabled);
      update({ videoEnabled: enabled });
    },
    async switchDevice(kind, deviceId) {
      await session.switchDevice(kind, deviceId);
      update(kind === 'audioinput' ? { audioInputId: deviceId } : { videoInputId: deviceId });
    },
    async setAudioOutput(deviceId) {
      await session.setAudioOutput(deviceId);
      update({ audioOutputId: deviceId });
    },
  };
}
