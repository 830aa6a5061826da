// The audio-output menu (AudioOutputMenu.tsx): loaded on first use, and then shown open.
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { DeviceChoice } from '../../media/devices.ts';
import { AudioOutputButton } from './AudioOutputButton.tsx';

type AudioOutputDropdownProps = {
  outputs: readonly DeviceChoice[];
  /** The output in use ('default' for the system's). */
  chosen: string;
  onChoose(deviceId: string): void;
};

export function AudioOutputDropdown({ outputs, chosen, onChoose }: AudioOutputDropdownProps) {
  const { t } = useTranslation('room');
  return (
    // Not modal: the room goes on around the menu, and nothing else is hidden from assistive
    // technologies while it is open (a modal menu marks the whole page aria-hidden).
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>
        <AudioOutputButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" side="top" sideOffset={8}>
          <DropdownMenu.Label className="menu-label">{t('controls.audioOutput')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={chosen} onValueChange={onChoose}>
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
  );
}
