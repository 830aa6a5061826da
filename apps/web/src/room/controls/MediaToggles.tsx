// My microphone and camera toggles (pressed = on). The camera needs the room's active_camera module;
// without a media session (no devices, or it could not start) both are unavailable and say why.
import { useTranslation } from 'react-i18next';
import { ControlSlot } from './ControlSlot.tsx';
import { ControlToggle } from './ControlToggle.tsx';
import { useOwnDevices } from './useOwnDevices.ts';

export function MediaToggles() {
  const { t } = useTranslation('room');
  const devices = useOwnDevices();
  const unavailable = devices.available ? undefined : t('controls.mediaUnavailable');
  const audioLabel = devices.audioEnabled ? t('controls.microphoneOff') : t('controls.microphoneOn');
  const videoLabel = !devices.cameraAllowed
    ? t('controls.cameraNotAllowed')
    : devices.videoEnabled
      ? t('controls.cameraOff')
      : t('controls.cameraOn');

  return (
    <ControlSlot error={devices.error}>
      <div className="control-group">
        <ControlToggle
          testId="room-toggle-audio"
          pressed={devices.audioEnabled}
          label={audioLabel}
          title={unavailable}
          icon={devices.audioEnabled ? 'microphone' : 'microphoneOff'}
          disabled={!devices.available || devices.busy}
          onToggle={() => void devices.toggleAudio()}
        />
        <ControlToggle
          testId="room-toggle-video"
          pressed={devices.videoEnabled}
          label={videoLabel}
          title={unavailable}
          icon={devices.videoEnabled ? 'camera' : 'cameraOff'}
          disabled={!devices.available || !devices.cameraAllowed || devices.busy}
          onToggle={() => void devices.toggleVideo()}
        />
      </div>
    </ControlSlot>
  );
}
