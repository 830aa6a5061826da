// Once the media session runs, my devices and the room agree: the microphone and camera start as the
// waiting room left them (the camera only where the room's active_camera module is on), and the room
// is told, since it starts everyone with both off. Someone the media server will not let publish (a
// plain observer in a `janus` room) has no device to start and nothing to announce.
import type { RoomHandle } from '@lablive/client';
import { findViewer } from '@lablive/domain';
import { useEffect, useRef } from 'react';
import type { MediaPreferences, MediaSession } from '../../media/mediaSession.ts';

export function useDeviceSync(
  handle: RoomHandle,
  media: MediaSession | null,
  preferences: MediaPreferences,
  options: { cameraAllowed: boolean; publishes: boolean; onFailure: (error: unknown) => void },
): void {
  const { cameraAllowed, publishes, onFailure } = options;
  // The preferences at the time the media started: later changes come from the toggles themselves.
  const initial = useRef(preferences);

  useEffect(() => {
    if (media === null || !publishes) return;
    let cancelled = false;
    const wantAudio = initial.current.audioEnabled;
    const wantVideo = cameraAllowed && initial.current.videoEnabled;

    const fail = (error: unknown) => {
      if (!cancelled) onFailure(error);
      return false;
    };
    async function sync(session: MediaSession) {
      const audio = await session.setAudioEnabled(wantAudio).then(
        () => wantAudio,
        (error: unknown) => fail(error),
      );
      const video = await session.setVideoEnabled(wantVideo).then(
        () => wantVideo,
        (error: unknown) => fail(error),
      );
      if (cancelled) return;
      const mine = findViewer(handle.state, handle.participantId);
      const announce = (result: Promise<unknown>) => result.catch(() => undefined);
      if (mine?.audioEnabled !== audio)
        await announce(handle.send({ type: 'ToggleOwnAudio', data: { enabled: audio } }));
      if (cameraAllowed && mine?.videoEnabled !== video) {
        await announce(handle.send({ type: 'ToggleOwnVideo', data: { enabled: video } }));
      }
    }
    void sync(media);
    return () => {
      cancelled = true;
    };
  }, [handle, media, cameraAllowed, publishes, onFailure]);
}
