// A device that could not start, in the reader's language: the spec's "Unable to start the audio
// source: {label}" (section 8), or what the browser said for anything else.
import type { TFunction } from 'i18next';
import { DeviceStartError } from '../../media/mediaSession.ts';

/** Device messages stay on screen 7 s (live-room spec, section 9). */
export const DEVICE_NOTICE_MS = 7000;

export function deviceErrorText(t: TFunction<'room'>, error: unknown): string {
  if (error instanceof DeviceStartError) {
    return error.kind === 'audioinput'
      ? t('controls.audioSourceFailed', { label: error.label })
      : t('controls.videoSourceFailed', { label: error.label });
  }
  return t('controls.deviceFailed', { reason: error instanceof Error ? error.message : String(error) });
}
