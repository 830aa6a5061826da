// What the device selectors and the audio-output line show.
import { describe, expect, it } from 'vitest';
import { deviceChoices, outputLabel } from './deviceChoices.ts';

const unnamed = (position: number) => `Device ${position}`;

describe('device choices', () => {
  it('lists identified devices by label, numbering the unnamed ones', () => {
    const devices = [
      { deviceId: 'a', label: 'Desk microphone' },
      { deviceId: 'b', label: '' },
      { deviceId: '', label: '' },
    ];

    expect(deviceChoices(devices, unnamed)).toEqual([
      { value: 'a', label: 'Desk microphone' },
      { value: 'b', label: 'Device 2' },
    ]);
  });

  it('names the chosen audio output, else the default one, else nothing', () => {
    const outputs = [
      { deviceId: 'default', label: 'Default - Speakers' },
      { deviceId: 'hdmi', label: 'HDMI' },
    ];

    expect(outputLabel(outputs, 'hdmi', unnamed)).toBe('HDMI');
    expect(outputLabel(outputs, null, unnamed)).toBe('Default - Speakers');
    expect(outputLabel(outputs, 'gone', unnamed)).toBe('Default - Speakers');
    expect(outputLabel([{ deviceId: 'x', label: '' }], null, unnamed)).toBe('Device 1');
    expect(outputLabel([], null, unnamed)).toBeNull();
  });
});
