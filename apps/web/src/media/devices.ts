// Camera, microphone and speaker access for the waiting room and the live room: the device lists with
// their labels, a local stream opened one kind at a time (noise suppression and echo cancellation on),
// and plug/unplug notifications. The browser is reached through a small seam so tests can fake it.
import { DeviceStartError } from './mediaSession.ts';

export type DeviceChoice = { deviceId: string; label: string };

export type DeviceLists = {
  audioInputs: DeviceChoice[];
  videoInputs: DeviceChoice[];
  audioOutputs: DeviceChoice[];
};

export type LocalStreamOptions = {
  audio: boolean;
  video: boolean;
  audioInputId: string | null;
  videoInputId: string | null;
};

export type LocalStreamResult = { stream: MediaStream | null; errors: DeviceStartError[] };

/** The part of `navigator.mediaDevices` used here. */
export type MediaDevicesAccess = {
  enumerateDevices(): Promise<MediaDeviceInfo[]>;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
};

export type DeviceHelpersDeps = {
  /** Null where the browser gives no access (an insecure origin, or no media support at all). */
  mediaDevices: () => MediaDevicesAccess | null;
  createStream: (tracks: MediaStreamTrack[]) => MediaStream;
};

type InputKind = 'audioinput' | 'videoinput';

/** The browser's devices by kind; Windows' "communications" alias repeats a device already listed. */
export function groupDevices(
  infos: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[],
): DeviceLists {
  const lists: DeviceLists = { audioInputs: [], videoInputs: [], audioOutputs: [] };
  const listOf = {
    audioinput: lists.audioInputs,
    videoinput: lists.videoInputs,
    audiooutput: lists.audioOutputs,
  };
  for (const info of infos) {
    if (info.deviceId === 'communications') continue;
    const list = listOf[info.kind];
    // Without permission every id is empty: those entries still count, so they are kept.
    if (info.deviceId !== '' && list.some((device) => device.deviceId === info.deviceId)) continue;
    list.push({ deviceId: info.deviceId, label: info.label });
  }
  return lists;
}

const EMPTY_LISTS: DeviceLists = { audioInputs: [], videoInputs: [], audioOutputs: [] };

function errorName(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('name' in error)) return null;
  return typeof error.name === 'string' ? error.name : null;
}

/** The remembered device is gone (unplugged, or its id changed): the default one is tried instead. */
const isMissingDevice = (error: unknown): boolean => {
  const name = errorName(error);
  return name === 'OverconstrainedError' || name === 'NotFoundError';
};

function constraintsFor(kind: InputKind, deviceId: string | null): MediaStreamConstraints {
  const device = deviceId === null ? {} : { deviceId: { exact: deviceId } };
  if (kind === 'audioinput') {
    return { audio: { ...device, noiseSuppression: true, echoCancellation: true } };
  }
  return {
    video: { ...device, width: { ideal: 1280 }, height: { ideal: 720 }, aspectRatio: { ideal: 16 / 9 } },
  };
}

export function createDeviceHelpers({ mediaDevices, createStream }: DeviceHelpersDeps) {
  async function listDevices(): Promise<DeviceLists> {
    const access = mediaDevices();
    if (access === null) return EMPTY_LISTS;
    return groupDevices(await access.enumerateDevices());
  }

  /** The name shown in "Unable to start the … source: {label}": the device asked for, else the kind's first. */
  async function labelFor(kind: InputKind, deviceId: string | null): Promise<string> {
    try {
      const lists = await listDevices();
      const list = kind === 'audioinput' ? lists.audioInputs : lists.videoInputs;
      const device =
        list.find((entry) => entry.deviceId === deviceId) ?? list.find((entry) => entry.label !== '');
      return device?.label ?? '';
    } catch {
      return '';
    }
  }

  async function openKind(
    kind: InputKind,
    deviceId: string | null,
  ): Promise<{ tracks: MediaStreamTrack[]; error: DeviceStartError | null }> {
    const access = mediaDevices();
    if (access === null) {
      const cause = new Error('The browser gives no access to cameras and microphones on this page.');
      return { tracks: [], error: new DeviceStartError(kind, '', cause) };
    }
    try {
      const stream = await access.getUserMedia(constraintsFor(kind, deviceId));
      return { tracks: stream.getTracks(), error: null };
    } catch (error) {
      if (deviceId !== null && isMissingDevice(error)) return openKind(kind, null);
      return { tracks: [], error: new DeviceStartError(kind, await labelFor(kind, deviceId), error) };
    }
  }

  /**
   * Opens the microphone and the camera with one request each, so that a missing or refused camera
   * does not cost the microphone. The stream holds whatever started; the errors say what did not.
   */
  async function openLocalStream(options: LocalStreamOptions): Promise<LocalStreamResult> {
    const tracks: MediaStreamTrack[] = [];
    const errors: DeviceStartError[] = [];
    // One after the other: browsers ask for permission one prompt at a time.
    const wanted: [InputKind, string | null][] = [];
    if (options.audio) wanted.push(['audioinput', options.audioInputId]);
    if (options.video) wanted.push(['videoinput', options.videoInputId]);
    for (const [kind, deviceId] of wanted) {
      const opened = await openKind(kind, deviceId);
      tracks.push(...opened.tracks);
      if (opened.error !== null) errors.push(opened.error);
    }
    return { stream: tracks.length === 0 ? null : createStream(tracks), errors };
  }

  return { listDevices, openLocalStream };
}

/** `navigator.mediaDevices` is missing on insecure origins even though the DOM types say otherwise. */
function browserMediaDevices(): MediaDevices | null {
  if (typeof navigator === 'undefined') return null;
  return 'mediaDevices' in navigator && navigator.mediaDevices !== undefined ? navigator.mediaDevices : null;
}

const browser = createDeviceHelpers({
  mediaDevices: browserMediaDevices,
  createStream: (tracks) => new MediaStream(tracks),
});

export const listDevices: () => Promise<DeviceLists> = browser.listDevices;

export const openLocalStream: (options: LocalStreamOptions) => Promise<LocalStreamResult> =
  browser.openLocalStream;

/** Calls `listener` when a camera, microphone or speaker is plugged in or out; returns the unsubscribe. */
export function onDevicesChanged(listener: () => void): () => void {
  const devices = browserMediaDevices();
  if (devices === null) return () => {};
  devices.addEventListener('devicechange', listener);
  return () => devices.removeEventListener('devicechange', listener);
}
