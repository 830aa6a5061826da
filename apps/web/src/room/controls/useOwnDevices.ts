// My microphone and camera in the room: what the room state says of them, and the toggles, which
// switch the device first (a device that cannot start is reported and nothing is announced), then
// tell the room (ToggleOwnAudio / ToggleOwnVideo) and keep the choice for the next visit.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publishes } from '../../media/createMediaSession.ts';
import { useRoom, useRoomState } from '../roomContext.ts';
import { useRoomShell } from '../session/roomShellContext.ts';
import { useCommand } from '../sidebar/useCommand.ts';
import { deviceErrorText } from './deviceErrorText.ts';

export type OwnDevices = {
  audioEnabled: boolean;
  videoEnabled: boolean;
  /** The room's camera module (active_camera) is on. */
  cameraAllowed: boolean;
  /** The media server lets this person publish (false: a plain observer watches and listens). */
  mayPublish: boolean;
  available: boolean;
  busy: boolean;
  error: string | null;
  toggleAudio(): Promise<void>;
  toggleVideo(): Promise<void>;
};

export function useOwnDevices(): OwnDevices {
  const { t } = useTranslation('room');
  const { me, media, token } = useRoom();
  const { updatePreferences } = useRoomShell();
  const audioEnabled = useRoomState(
    (state) => state.viewers.find((v) => v.id === me.participantId)?.audioEnabled ?? false,
  );
  const videoEnabled = useRoomState(
    (state) => state.viewers.find((v) => v.id === me.participantId)?.videoEnabled ?? false,
  );
  const command = useCommand();
  const [deviceError, setDeviceError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function toggle(kind: 'audio' | 'video', next: boolean) {
    if (media === null) return;
    setBusy(true);
    setDeviceError(null);
    try {
      await (kind === 'audio' ? media.setAudioEnabled(next) : media.setVideoEnabled(next));
    } catch (error) {
      setDeviceError(deviceErrorText(t, error));
      setBusy(false);
      return;
    }
    const applied = await command.run(
      kind === 'audio'
        ? { type: 'ToggleOwnAudio', data: { enabled: next } }
        : { type: 'ToggleOwnVideo', data: { enabled: next } },
    );
    if (applied) {
      updatePreferences(kind === 'audio' ? { audioEnabled: next } : { videoEnabled: next });
    } else {
      // The room refused: the device goes back to what the room says, so nobody is heard unannounced.
      await (kind === 'audio' ? media.setAudioEnabled(!next) : media.setVideoEnabled(!next)).catch(
        () => undefined,
      );
    }
    setBusy(false);
  }

  return {
    audioEnabled,
    videoEnabled,
    cameraAllowed: token.activeModules.includes('active_camera'),
    mayPublish: publishes(token.session),
    available: media !== null,
    busy: busy || command.pending,
    error: deviceError ?? command.error,
    toggleAudio: () => toggle('audio', !audioEnabled),
    toggleVideo: () => toggle('video', !videoEnabled),
  };
}
