// The 16:9 camera preview of the waiting room: the local stream in a muted video (mirrored, as people
// expect to see themselves), or a "camera off" panel; a spinner while the devices are being prepared.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import { Spinner } from '../components/Spinner.tsx';

type CameraPreviewProps = {
  stream: MediaStream | null;
  cameraOn: boolean;
  preparing: boolean;
  /** False in a lab that uses no cameras: the panel says there is none rather than that it is off. */
  cameraAllowed: boolean;
};

export function CameraPreview({ stream, cameraOn, preparing, cameraAllowed }: CameraPreviewProps) {
  const { t } = useTranslation('waiting');
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (element === null || element.srcObject === stream) return;
    element.srcObject = stream;
    // Muted, so browsers allow it to play on its own; a refusal only means a still frame.
    if (stream !== null) element.play().catch(() => {});
  }, [stream]);

  return (
    <div className="preview" data-camera={cameraOn ? 'on' : 'off'}>
      <video
        ref={video}
        className="preview-video"
        muted
        autoPlay
        playsInline
        hidden={!cameraOn}
        aria-label={t('waitingRoom.preview')}
        data-testid="waiting-preview"
      />
      {!cameraOn && (
        <div className="preview-placeholder" role="status">
          {preparing ? <Spinner size="large" /> : <Icon name="cameraOff" size={24} className="icon" />}
          <span>
            {preparing
              ? t('waitingRoom.preparing')
              : cameraAllowed
                ? t('waitingRoom.cameraOff')
                : t('waitingRoom.cameraNotUsed')}
          </span>
        </div>
      )}
    </div>
  );
}
