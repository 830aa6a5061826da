// The device part of the waiting room's panel: microphone and camera selectors with the devices'
// labels, and the audio output sound will play on (or that none was detected).
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../components/ChoiceSelect.tsx';
import { Icon } from '../components/Icon.tsx';
import { deviceChoices, outputLabel } from './deviceChoices.ts';
import type { WaitingRoomActor } from './useWaitingRoom.ts';

// The microphone and camera selectors differ only by these.
const DEVICE_SELECTS = [
  {
    kind: 'audioinput',
    id: 'waiting-audio-input',
    devices: 'audioInputs',
    label: 'waitingRoom.audioInput',
    unnamed: 'waitingRoom.unnamedMicrophone',
    none: 'waitingRoom.noAudioInputs',
  },
  {
    kind: 'videoinput',
    id: 'waiting-video-input',
    devices: 'videoInputs',
    label: 'waitingRoom.videoInput',
    unnamed: 'waitingRoom.unnamedCamera',
    none: 'waitingRoom.noVideoInputs',
  },
] as const;

export function DevicePanel({ actor }: { actor: WaitingRoomActor }) {
  const { t } = useTranslation('waiting');
  const devices = useSelector(actor, (s) => s.context.devices);
  const audioInputId = useSelector(actor, (s) => s.context.audioInputId);
  const videoInputId = useSelector(actor, (s) => s.context.videoInputId);
  const audioOutputId = useSelector(actor, (s) => s.context.audioOutputId);
  const idle = useSelector(actor, (s) => s.matches({ waiting: { media: { ready: 'idle' } } }));
  const output = outputLabel(devices.audioOutputs, audioOutputId, (n) =>
    t('waitingRoom.unnamedSpeaker', { n }),
  );
  return (
    <div className="device-panel">
      {DEVICE_SELECTS.map((select) => (
        <ChoiceSelect
          key={select.kind}
          id={select.id}
          label={t(select.label)}
          value={select.kind === 'audioinput' ? audioInputId : videoInputId}
          choices={deviceChoices(devices[select.devices], (n) => t(select.unnamed, { n }))}
          onChange={(deviceId) => actor.send({ type: 'device.select', kind: select.kind, deviceId })}
          placeholder={t(select.none)}
          disabled={!idle}
          testId={select.id}
        />
      ))}
      <div className="choice-field">
        <span className="choice-label">{t('waitingRoom.audioOutput')}</span>
        <p className="audio-output" data-detected={output !== null} data-testid="waiting-audio-output">
          <Icon name="speaker" size={24} className="icon" />
          <span>{output ?? t('waitingRoom.noAudioOutput')}</span>
        </p>
      </div>
    </div>
  );
}
