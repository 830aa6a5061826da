// My microphone and camera toggles (pressed = on). The camera needs the room's active_camera module;
// without a media session (no devices, or it could not start) both are unavailable and say why, and so
// are they for a plain observer in a room carried by the media server, who watches and listens.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlSlot } from './ControlSlot.tsx';
import { ControlToggle } from './ControlToggle.tsx';
import { useOwnDevices } from './useOwnDevices.ts';

export function MediaToggles() {
  const { t } = useTranslation('room');
  const devices = useOwnDevices();
  const explanationId = useId();
  const describedBy = devices.mayPublish ? undefined : explanationId;
  const unavailable = !devices.mayPublish
    ? t('controls.watchOnly')
    : devices.available
      ? undefined
      : t('controls.mediaUnavailable');
  const usable = devices.available && devices.mayPublish;
  const audioLabel = devices.audioEnabled ? t('controls.microphoneOff') : t('controls.microphoneOn');
  const videoLabel = !devices.cameraAllowed
    ? t('controls.cameraNotAllowed')
    : devices.videoEnabled
      ? t('controls.cameraOff')
      : t('controls.cameraOn');

  return (
    <ControlSlot error={devices.error}>
      <div className="control-group">
        {!devices.mayPublish && (
          <span id={explanationId} className="visually-hidden" data-testid="room-watch-only">
            {t('controls.watchOnly')}
          </span>
        )}
        <ControlToggle
          testId="room-toggle-audio"
          pressed={devices.audioEnabled}
          label={audioLabel}
          title={unavailable}
          describedBy={describedBy}
          icon={devices.audioEnabled ? 'microphone' : 'microphoneOff'}
          disabled={!usable || devices.busy}
          onToggle={() => void devices.toggleAudio()}
        />
        <ControlToggle
          testId="room-toggle-video"
          pressed={devices.videoEnabled}
          label={videoLabel}
          title={unavailable}
          describedBy={describedBy}
          icon={devices.videoEnabled ? 'camera' : 'cameraOff'}
          disabled={!usable || !devices.cameraAllowed || devices.busy}
          onToggle={() => void devices.toggleVideo()}
        />
      </div>
    </ControlSlot>
  );
}
