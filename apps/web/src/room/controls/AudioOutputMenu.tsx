// The audio-device switch (live-room spec, section 2): where the room's sound is played, among the
// outputs the browser lists; only offered where the browser can route sound (setSinkId). The menu
// itself (AudioOutputDropdown.tsx) loads on first use.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredPopup } from '../../components/DeferredPopup.tsx';
import { lazyNamed } from '../../components/lazyNamed.ts';
import { type DeviceChoice, listDevices, onDevicesChanged } from '../../media/devices.ts';
import { canChooseAudioOutput } from '../../media/remoteAudio.ts';
import { useRoom } from '../roomContext.ts';
import { useRoomShell } from '../session/roomShellContext.ts';
import { AudioOutputButton } from './AudioOutputButton.tsx';
import { ControlSlot } from './ControlSlot.tsx';

// The menu (and Radix's) loads on first use.
const loadDropdown = () => import('./AudioOutputDropdown.tsx');
const AudioOutputDropdown = lazyNamed(loadDropdown, 'AudioOutputDropdown');

const DEFAULT_OUTPUT = 'default';

export function AudioOutputMenu() {
  const { t } = useTranslation('room');
  const { media } = useRoom();
  const { preferences, updatePreferences } = useRoomShell();
  const [outputs, setOutputs] = useState<DeviceChoice[]>([]);
  const [error, setError] = useState<string | null>(null);
  const supported = canChooseAudioOutput();

  useEffect(() => {
    if (!supported) return;
    let current = true;
    const refresh = () =>
      listDevices().then(
        (devices) => current && setOutputs(devices.audioOutputs),
        () => current && setOutputs([]),
      );
    void refresh();
    const stop = onDevicesChanged(() => void refresh());
    return () => {
      current = false;
      stop();
    };
  }, [supported]);

  if (!supported || outputs.length === 0) return null;
  const chosen = preferences.audioOutputId ?? DEFAULT_OUTPUT;

  async function choose(deviceId: string) {
    setError(null);
    try {
      await media?.setAudioOutput(deviceId);
      updatePreferences({ audioOutputId: deviceId === DEFAULT_OUTPUT ? null : deviceId });
    } catch (failure) {
      setError(
        t('controls.audioOutputFailed', {
          reason: failure instanceof Error ? failure.message : String(failure),
        }),
      );
    }
  }

  return (
    <ControlSlot error={error}>
      <DeferredPopup
        preload={() => void loadDropdown()}
        standIn={(standIn) => <AudioOutputButton {...standIn} />}
      >
        <AudioOutputDropdown
          outputs={outputs}
          chosen={chosen}
          onChoose={(deviceId) => void choose(deviceId)}
        />
      </DeferredPopup>
    </ControlSlot>
  );
}
