// The device part of the waiting room's panel: microphone and camera selectors with the devices'
// labels, and the audio output sound will play on (or that none was detected).
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../components/ChoiceSelect.tsx';
import { Icon } from '../components/Icon.tsx';
import { deviceChoices, outputLabel } from './deviceChoices.ts';
import type { WaitingRoomActor } from './useWaitingRoom.ts';

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
      <ChoiceSelect
        id="waiting-audio-input"
        label={t('waitingRoom.audioInput')}
        value={audioInputId}
        choices={deviceChoices(devices.audioInputs, (n) => t('waitingRoom.unnamedMicrophone', { n }))}
        onChange={(deviceId) => actor.send({ type: 'device.select', kind: 'audioinput', deviceId })}
        placeholder={t('waitingRoom.noAudioInputs')}
        disabled={!idle}
        testId="waiting-audio-input"
      />
      <ChoiceSelect
        id="waiting-video-input"
        label={t('waitingRoom.videoInput')}
        value={videoInputId}
        choices={deviceChoices(devices.videoInputs, (n) => t('waitingRoom.unnamedCamera', { n }))}
        onChange={(deviceId) => actor.send({ type: 'device.select', kind: 'videoinput', deviceId })}
        placeholder={t('waitingRoom.noVideoInputs')}
        disabled={!idle}
        testId="waiting-video-input"
      />
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
