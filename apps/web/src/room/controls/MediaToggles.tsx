// My microphone and camera toggles (pressed = on). The camera needs the room's active_camera module;
// without a media session (no devices, or it could not start) both are unavailable and say why.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { ControlSlot } from './ControlSlot.tsx';
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
        <button
          type="button"
          className="control-button"
          data-testid="room-toggle-audio"
          aria-pressed={devices.audioEnabled}
          aria-label={audioLabel}
          title={unavailable ?? audioLabel}
          disabled={!devices.available || devices.busy}
          onClick={() => void devices.toggleAudio()}
        >
          <Icon name={devices.audioEnabled ? 'microphone' : 'microphoneOff'} />
        </button>
        <button
          type="button"
          className="control-button"
          data-testid="room-toggle-video"
          aria-pressed={devices.videoEnabled}
          aria-label={videoLabel}
          title={unavailable ?? videoLabel}
          disabled={!devices.available || !devices.cameraAllowed || devices.busy}
          onClick={() => void devices.toggleVideo()}
        >
          <Icon name={devices.videoEnabled ? 'camera' : 'cameraOff'} />
        </button>
      </div>
    </ControlSlot>
  );
}
