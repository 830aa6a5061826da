// The device toasts and warnings of the waiting room (live-room spec, section 8) as data: which ones a
// set of devices and start errors call for. Pure, so the machine emits them and tests read them; the
// screen turns each into a translated toast (noticeToast.ts).
import type { DeviceLists } from '../media/devices.ts';
import type { DeviceStartError } from '../media/mediaSession.ts';

export type InputKind = 'audioinput' | 'videoinput';

export type WaitingNotice =
  /** The person turned on a device the computer does not have. */
  | { type: 'cameraNotDetected' }
  | { type: 'microphoneNotDetected' }
  | { type: 'sourceFailed'; kind: InputKind; label: string }
  /** The browser refused access: both are strongly advised and must be allowed. */
  | { type: 'devicesAdvised' }
  | { type: 'noAudioOutput' }
  | { type: 'noAudioInput' }
  | { type: 'noCamera' }
  | { type: 'devicesUpdating' }
  /** A device switch succeeded: the "updating" toast goes away. */
  | { type: 'devicesUpdated' }
  | { type: 'devicesUpdateFailed' }
  | { type: 'deviceUnplugged'; kind: InputKind }
  | { type: 'deviceDetected'; kind: InputKind };

function errorName(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('name' in error)) return null;
  return typeof error.name === 'string' ? error.name : null;
}

/** Refused by the person or by the page's permissions policy, as opposed to a device that failed. */
export const isPermissionDenied = (error: DeviceStartError): boolean => {
  const name = errorName(error.cause);
  return name === 'NotAllowedError' || name === 'SecurityError';
};

/** One "must be allowed" warning for any refusal, one "unable to start" per device that failed. */
export function noticesForStartErrors(errors: readonly DeviceStartError[]): WaitingNotice[] {
  const notices: WaitingNotice[] = [];
  if (errors.some(isPermissionDenied)) notices.push({ type: 'devicesAdvised' });
  for (const error of errors) {
    if (!isPermissionDenied(error))
      notices.push({ type: 'sourceFailed', kind: error.kind, label: error.label });
  }
  return notices;
}

/** After the first look at the devices: what is missing, and what could not be started. */
export function noticesAfterPreparing(
  devices: DeviceLists,
  errors: readonly DeviceStartError[],
): WaitingNotice[] {
  const notices: WaitingNotice[] = [];
  if (devices.audioInputs.length === 0) notices.push({ type: 'noAudioInput' });
  if (devices.videoInputs.length === 0) notices.push({ type: 'noCamera' });
  if (devices.audioOutputs.length === 0) notices.push({ type: 'noAudioOutput' });
  // A kind with no device at all was announced above; its start error says nothing more.
  const present = (kind: InputKind) =>
    (kind === 'audioinput' ? devices.audioInputs : devices.videoInputs).length > 0;
  return [...notices, ...noticesForStartErrors(errors.filter((error) => present(error.kind)))];
}

const idsOf = (list: DeviceLists['audioInputs']) =>
  new Set(list.map((device) => device.deviceId).filter((id) => id !== ''));

/** A microphone or camera unplugged, or a new one plugged in, between two looks at the devices. */
export function noticesForDeviceChange(before: DeviceLists, after: DeviceLists): WaitingNotice[] {
  const notices: WaitingNotice[] = [];
  const kinds = [
    ['audioinput', before.audioInputs, after.audioInputs],
    ['videoinput', before.videoInputs, after.videoInputs],
  ] as const;
  for (const [kind, previous, current] of kinds) {
    const was = idsOf(previous);
    const is = idsOf(current);
    if ([...was].some((id) => !is.has(id))) notices.push({ type: 'deviceUnplugged', kind });
    if ([...is].some((id) => !was.has(id))) notices.push({ type: 'deviceDetected', kind });
  }
  return notices;
}
