// One person of the room in the users tab: name and role, whether they speak, raise their hand, and
// have their microphone and camera on. Animators turn another person's microphone or camera on or off
// from here (ForceToggleAudio / ForceToggleVideo).
import type { Viewer } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon.tsx';
import { RemoveButton } from '../../lobby/RemoveButton.tsx';
import { SidebarError } from '../SidebarError.tsx';
import { type CommandControl, useCommand } from '../useCommand.ts';

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
            <Icon name="hand" size={18} className="device-icon" />
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
            {!viewer.isAnimator && <RemoveButton viewer={viewer} command={force} />}
            <ForceButton kind="mic" viewer={viewer} on={audioEnabled} force={force} />
            {cameraModule ? (
              <ForceButton kind="camera" viewer={viewer} on={videoEnabled} force={force} />
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
      <SidebarError error={force.error} className="viewer-error" />
    </li>
  );
}

// What forcing a device sends and says, by device: the two buttons differ only by these.
const FORCE = {
  mic: {
    command: 'ForceToggleAudio',
    testId: 'force-audio',
    turnOff: 'users.muteMic',
    turnOn: 'users.unmuteMic',
  },
  camera: {
    command: 'ForceToggleVideo',
    testId: 'force-video',
    turnOff: 'users.stopCamera',
    turnOn: 'users.startCamera',
  },
} as const;

type ForceButtonProps = { kind: 'mic' | 'camera'; viewer: Viewer; on: boolean; force: CommandControl };

/** An animator's button that turns another person's microphone or camera on or off. */
function ForceButton({ kind, viewer: { id, name }, on, force }: ForceButtonProps) {
  const { t } = useTranslation('room');
  const { command, testId, turnOff, turnOn } = FORCE[kind];
  const label = t(on ? turnOff : turnOn, { name });
  return (
    <button
      type="button"
      className="icon-button"
      data-testid={`${testId}-${id}`}
      data-enabled={on}
      aria-label={label}
      title={label}
      disabled={force.pending}
      onClick={() => force.run({ type: command, data: { participantId: id, enabled: !on } })}
    >
      <DeviceIcon kind={kind} on={on} />
    </button>
  );
}

function DeviceState({ kind, on }: { kind: 'mic' | 'camera'; on: boolean }) {
  const { t } = useTranslation('room');
  const label =
    kind === 'mic' ? t(on ? 'users.micOn' : 'users.micOff') : t(on ? 'users.cameraOn' : 'users.cameraOff');
  return (
    <span className="device-state" data-on={on} role="img" aria-label={label} title={label}>
      <DeviceIcon kind={kind} on={on} />
    </span>
  );
}

/** A person's microphone or camera, struck through while off. */
function DeviceIcon({ kind, on }: { kind: 'mic' | 'camera'; on: boolean }) {
  const name = kind === 'mic' ? 'microphone' : 'camera';
  return <Icon name={on ? name : `${name}Off`} size={18} className="device-icon" />;
}
