// One person of the room in the users tab: name and role, whether they speak, raise their hand, and
// have their microphone and camera on. Animators turn another person's microphone or camera on or off
// from here (ForceToggleAudio / ForceToggleVideo).
import type { Viewer } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { CameraIcon, HandIcon, MicIcon } from '../icons.tsx';
import { useCommand } from '../useCommand.ts';

type ViewerRowProps = {
  viewer: Viewer;
  isMe: boolean;
  /** This person is an animator and may force the other's devices. */
  canForce: boolean;
  /** The room has the active_camera module, which forcing a camera needs. */
  cameraModule: boolean;
};

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.slice(0, 2).join('');
}

export function ViewerRow({ viewer, isMe, canForce, cameraModule }: ViewerRowProps) {
  const { t } = useTranslation('room');
  const force = useCommand();
  const { id, name, audioEnabled, videoEnabled } = viewer;

  return (
    <li
      className="viewer"
      data-testid={`viewer-${id}`}
      data-me={isMe}
      data-speaking={viewer.speaking}
      data-audio={audioEnabled ? 'on' : 'off'}
      data-video={videoEnabled ? 'on' : 'off'}
    >
      <span className="viewer-avatar" data-animator={viewer.isAnimator} aria-hidden="true">
        {initials(name)}
      </span>
      <span className="viewer-who">
        <span className="viewer-name">
          {name}
          {isMe && <span className="viewer-you"> ({t('users.you')})</span>}
        </span>
        <span className="viewer-role">{t(`users.roles.${viewer.role}`)}</span>
      </span>
      <span className="viewer-status">
        {viewer.requestingSpeak && (
          <span className="viewer-hand" data-testid={`hand-${id}`} role="img" aria-label={t('users.hand')}>
            <HandIcon />
          </span>
        )}
        {viewer.speaking && (
          <span className="viewer-speaking" role="img" aria-label={t('users.speaking')}>
            <span />
            <span />
            <span />
          </span>
        )}
        {canForce && !isMe ? (
          <>
            <button
              type="button"
              className="icon-button"
              data-testid={`force-audio-${id}`}
              data-enabled={audioEnabled}
              aria-label={audioEnabled ? t('users.muteMic', { name }) : t('users.unmuteMic', { name })}
              title={audioEnabled ? t('users.muteMic', { name }) : t('users.unmuteMic', { name })}
              disabled={force.pending}
              onClick={() =>
                force.run({ type: 'ForceToggleAudio', data: { participantId: id, enabled: !audioEnabled } })
              }
            >
              <MicIcon off={!audioEnabled} />
            </button>
            {cameraModule ? (
              <button
                type="button"
                className="icon-button"
                data-testid={`force-video-${id}`}
                data-enabled={videoEnabled}
                aria-label={videoEnabled ? t('users.stopCamera', { name }) : t('users.startCamera', { name })}
                title={videoEnabled ? t('users.stopCamera', { name }) : t('users.startCamera', { name })}
                disabled={force.pending}
                onClick={() =>
                  force.run({ type: 'ForceToggleVideo', data: { participantId: id, enabled: !videoEnabled } })
                }
              >
                <CameraIcon off={!videoEnabled} />
              </button>
            ) : (
              <DeviceState kind="camera" on={videoEnabled} />
            )}
          </>
        ) : (
          <>
            <DeviceState kind="mic" on={audioEnabled} />
            <DeviceState kind="camera" on={videoEnabled} />
          </>
        )}
      </span>
      {force.error !== null && (
        <p className="sidebar-error viewer-error" role="alert">
          {force.error}
        </p>
      )}
    </li>
  );
}

function DeviceState({ kind, on }: { kind: 'mic' | 'camera'; on: boolean }) {
  const { t } = useTranslation('room');
  const label =
    kind === 'mic' ? t(on ? 'users.micOn' : 'users.micOff') : t(on ? 'users.cameraOn' : 'users.cameraOff');
  return (
    <span className="device-state" data-on={on} role="img" aria-label={label} title={label}>
      {kind === 'mic' ? <MicIcon off={!on} /> : <CameraIcon off={!on} />}
    </span>
  );
}
