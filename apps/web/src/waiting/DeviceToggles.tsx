// The microphone and camera toggles under the preview (Radix Toggle: a button with aria-pressed); the
// camera's disabled in a lab that uses no cameras.
import { useSelector } from '@xstate/react';
import { Toggle } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon.tsx';
import type { WaitingRoomActor } from './useWaitingRoom.ts';

// The two toggles differ only by these: the same button, the same rule while a device opens.
const TOGGLES = [
  {
    icon: 'microphone',
    label: 'waitingRoom.microphone',
    event: 'device.toggleAudio',
    enabled: 'audioEnabled',
    testId: 'waiting-toggle-audio',
  },
  {
    icon: 'camera',
    label: 'waitingRoom.camera',
    event: 'device.toggleVideo',
    enabled: 'videoEnabled',
    testId: 'waiting-toggle-video',
  },
] as const;

export function DeviceToggles({ actor, cameraAllowed }: { actor: WaitingRoomActor; cameraAllowed: boolean }) {
  return (
    <div className="device-toggles">
      {TOGGLES.map((toggle) => (
        <DeviceToggle
          key={toggle.icon}
          actor={actor}
          toggle={toggle}
          forbidden={toggle.icon === 'camera' && !cameraAllowed}
        />
      ))}
    </div>
  );
}

function DeviceToggle({
  actor,
  toggle,
  forbidden,
}: {
  actor: WaitingRoomActor;
  toggle: (typeof TOGGLES)[number];
  /** The lab does not use this device in its rooms (the camera without active_camera). */
  forbidden: boolean;
}) {
  const { t } = useTranslation('waiting');
  const on = useSelector(actor, (s) => s.context[toggle.enabled]);
  // Toggles wait while a device opens, so that two requests never race.
  const idle = useSelector(actor, (s) => s.matches({ waiting: { media: { ready: 'idle' } } }));
  return (
    <Toggle.Root
      className="device-toggle"
      pressed={on}
      onPressedChange={() => actor.send({ type: toggle.event })}
      disabled={!idle || forbidden}
      aria-label={t(toggle.label)}
      title={t(toggle.label)}
      data-testid={toggle.testId}
    >
      <Icon name={on ? toggle.icon : `${toggle.icon}Off`} size={24} className="icon" />
    </Toggle.Root>
  );
}
