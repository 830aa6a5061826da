// What ties the room to the media session besides the peers (they follow the viewers from the join on,
// roomMedia.ts): an animator's forced microphone or camera toggle aimed at me is applied to my devices,
// my speaking (the audio level crossing 0.02) is told to the room, and so are a device that stopped by
// itself (unplugged) and a screen share ended from the browser's own "Stop sharing" bar.
import type { RoomHandle } from '@lablive/client';
import type { ClientRoomCommand } from '@lablive/domain';
import { useEffect } from 'react';
import type { MediaSession } from '../../media/mediaSession.ts';

export function useMediaWiring(
  handle: RoomHandle,
  media: MediaSession | null,
  onForcedFailure: (error: unknown) => void,
): void {
  useEffect(() => {
    if (media === null) return;
    const selfId = handle.participantId;
    const unsubscribeEvents = handle.onEvents((events) => {
      for (const { event } of events) {
        if (event.type !== 'AudioToggled' && event.type !== 'VideoToggled') continue;
        if (!event.data.forced || event.data.participantId !== selfId) continue;
        const applied =
          event.type === 'AudioToggled'
            ? media.setAudioEnabled(event.data.enabled)
            : media.setVideoEnabled(event.data.enabled);
        applied.catch(onForcedFailure);
      }
    });

    // Left or offline: the room state is rebuilt from the server's on return, nothing to retry here.
    const tell = (command: ClientRoomCommand) => void handle.send(command).catch(() => undefined);
    const unsubscribeSpeaking = media.onSpeakingChange((speaking) =>
      tell({ type: 'SetSpeaking', data: { speaking } }),
    );
    const unsubscribeDevice = media.onDeviceEnded((kind) =>
      tell(
        kind === 'audioinput'
          ? { type: 'ToggleOwnAudio', data: { enabled: false } }
          : { type: 'ToggleOwnVideo', data: { enabled: false } },
      ),
    );
    const unsubscribeScreen = media.onScreenShareEnded(() => {
      if (handle.state.screenShare?.participantId === selfId) tell({ type: 'StopScreenShare', data: {} });
    });

    return () => {
      unsubscribeEvents();
      unsubscribeSpeaking();
      unsubscribeDevice();
      unsubscribeScreen();
    };
  }, [handle, media, onForcedFailure]);
}
