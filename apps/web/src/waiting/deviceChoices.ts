// Device lists as the selectors show them: only devices the browser identified (ids come with the
// permission), each with its label or, when the browser hides it, a numbered name.

import type { Choice } from '../components/ChoiceSelect.tsx';
import type { DeviceChoice } from '../media/devices.ts';

export function deviceChoices(
  devices: readonly DeviceChoice[],
  unnamed: (position: number) => string,
): Choice[] {
  return devices
    .filter((device) => device.deviceId !== '')
    .map((device, index) => ({ value: device.deviceId, label: device.label || unnamed(index + 1) }));
}

/** The name of the output sound will play on: the chosen one, else the default one; null with none. */
export function outputLabel(
  outputs: readonly DeviceChoice[],
  chosenId: string | null,
  unnamed: (position: number) => string,
): string | null {
  const index = Math.max(
    0,
    outputs.findIndex((device) => device.deviceId === (chosenId ?? 'default')),
  );
  const output = outputs[index];
  if (output === undefined) return null;
  return output.label || unnamed(index + 1);
}
