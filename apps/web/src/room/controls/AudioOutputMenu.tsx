// The audio-device switch (live-room spec, section 2): where the room's sound is played, among the
// outputs the browser lists; only offered where the browser can route sound (setSinkId).
import { DropdownMenu } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeviceChoice, listDevices, onDevicesChanged } from '../../media/devices.ts';
import { canChooseAudioOutput } from '../../media/remoteAudio.ts';
import { useRoom } from '../roomContext.ts';
import { useRoomShell } from '../session/roomShellContext.ts';
import { ControlSlot } from './ControlSlot.tsx';
import { Icon } from './icons.tsx';

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
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="control-button"
            data-testid="room-audio-output"
            aria-label={t('controls.audioOutput')}
            title={t('controls.audioOutput')}
          >
            <Icon name="speaker" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" side="top" sideOffset={8}>
            <DropdownMenu.Label className="menu-label">{t('controls.audioOutput')}</DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={chosen} onValueChange={(deviceId) => void choose(deviceId)}>
              {outputs.map((output, index) => (
                <DropdownMenu.RadioItem key={output.deviceId} value={output.deviceId} className="menu-item">
                  <DropdownMenu.ItemIndicator className="menu-indicator">●</DropdownMenu.ItemIndicator>
                  {output.label === '' ? t('controls.unnamedOutput', { n: index + 1 }) : output.label}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </ControlSlot>
  );
}
