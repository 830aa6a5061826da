// The microphone and camera toggles under the preview (Radix Toggle: a button with aria-pressed).
import { useSelector } from '@xstate/react';
import { Toggle } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CameraIcon, MicrophoneIcon } from './icons.tsx';
import type { WaitingRoomActor } from './useWaitingRoom.ts';

export function DeviceToggles({ actor }: { actor: WaitingRoomActor }) {
  const { t } = useTranslation('waiting');
  const audioOn = useSelector(actor, (s) => s.context.audioEnabled);
  const videoOn = useSelector(actor, (s) => s.context.videoEnabled);
  // Toggles wait while a device opens, so that two requests never race.
  const idle = useSelector(actor, (s) => s.matches({ waiting: { media: { ready: 'idle' } } }));
  return (
    <div className="device-toggles">
      <Toggle.Root
        className="device-toggle"
        pressed={audioOn}
        onPressedChange={() => actor.send({ type: 'device.toggleAudio' })}
        disabled={!idle}
        aria-label={t('waitingRoom.microphone')}
        title={t('waitingRoom.microphone')}
        data-testid="waiting-toggle-audio"
      >
        <MicrophoneIcon off={!audioOn} />
      </Toggle.Root>
      <Toggle.Root
        className="device-toggle"
        pressed={videoOn}
        onPressedChange={() => actor.send({ type: 'device.toggleVideo' })}
        disabled={!idle}
        aria-label={t('waitingRoom.camera')}
        title={t('waitingRoom.camera')}
        data-testid="waiting-toggle-video"
      >
        <CameraIcon off={!videoOn} />
      </Toggle.Root>
    </div>
  );
}
