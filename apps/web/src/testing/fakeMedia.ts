// Cameras and microphones for unit tests, which run in Node where WebRTC does not exist: tracks that can
// be stopped or unplugged, streams that hold them, and a fake `navigator.mediaDevices`. Shaped like the
// browser's objects so code under test handles them exactly as it handles real ones.
import type { MediaDevicesAccess } from '../media/devices.ts';

let counter = 0;

export class FakeTrack extends EventTarget implements MediaStreamTrack {
  contentHint = '';
  enabled = true;
  readonly id = `track-${++counter}`;
  readonly kind: 'audio' | 'video';
  readonly label: string;
  readonly deviceId: string;
  readonly muted = false;
  onended: ((this: MediaStreamTrack, event: Event) => unknown) | null = null;
  onmute: ((this: MediaStreamTrack, event: Event) => unknown) | null = null;
  onunmute: ((this: MediaStreamTrack, event: Event) => unknown) | null = null;
  #state: MediaStreamTrackState = 'live';

  constructor(kind: 'audio' | 'video', deviceId: string, label = deviceId) {
    super();
    this.kind = kind;
    this.deviceId = deviceId;
    this.label = label;
  }

  get readyState(): MediaStreamTrackState {
    return this.#state;
  }

  stop(): void {
    this.#state = 'ended';
  }

  /** The device was pulled out: the browser ends the track and says so. */
  unplug(): void {
    this.#state = 'ended';
    this.dispatchEvent(new Event('ended'));
  }

  applyConstraints(): Promise<void> {
    return Promise.resolve();
  }

  clone(): FakeTrack {
    return new FakeTrack(this.kind, this.deviceId, this.label);
  }

  getCapabilities(): MediaTrackCapabilities {
    return { deviceId: this.deviceId };
  }

  getConstraints(): MediaTrackConstraints {
    return {};
  }

  getSettings(): MediaTrackSettings {
    return { deviceId: this.deviceId };
  }
}

export class FakeStream extends EventTarget implements MediaStream {
  readonly id = `stream-${++counter}`;
  onaddtrack: ((this: MediaStream, event: MediaStreamTrackEvent) => unknown) | null = null;
  onremovetrack: ((this: MediaStream, event: MediaStreamTrackEvent) => unknown) | null = null;
  #tracks: MediaStreamTrack[];

  constructor(tracks: MediaStreamTrack[]) {
    super();
    this.#tracks = [...tracks];
  }

  get active(): boolean {
    return this.#tracks.some((track) => track.readyState === 'live');
  }

  addTrack(track: MediaStreamTrack): void {
    if (!this.#tracks.includes(track)) this.#tracks.push(track);
  }

  removeTrack(track: MediaStreamTrack): void {
    this.#tracks = this.#tracks.filter((candidate) => candidate !== track);
  }

  clone(): FakeStream {
    return new FakeStream(this.#tracks.map((track) => track.clone()));
  }

  getTracks(): MediaStreamTrack[] {
    return [...this.#tracks];
  }

  getAudioTracks(): MediaStreamTrack[] {
    return this.#tracks.filter((track) => track.kind === 'audio');
  }

  getVideoTracks(): MediaStreamTrack[] {
    return this.#tracks.filter((track) => track.kind === 'video');
  }

  getTrackById(trackId: string): MediaStreamTrack | null {
    return this.#tracks.find((track) => track.id === trackId) ?? null;
  }
}

export type FakeDevice = { kind: MediaDeviceKind; deviceId: string; label: string };

class FakeDeviceInfo implements MediaDeviceInfo {
  readonly deviceId: string;
  readonly groupId = 'group';
  readonly kind: MediaDeviceKind;
  readonly label: string;

  constructor(device: FakeDevice) {
    this.deviceId = device.deviceId;
    this.kind = device.kind;
    this.label = device.label;
  }

  toJSON() {
    return { deviceId: this.deviceId, groupId: this.groupId, kind: this.kind, label: this.label };
  }
}

/** A DOMException-like refusal, as getUserMedia rejects (NotAllowedError, NotReadableError, ...). */
export function mediaError(name: string): Error {
  const error = new Error(`${name} (fake)`);
  error.name = name;
  return error;
}

/**
 * A fake `navigator.mediaDevices` over the list of plugged devices (read at each call, so a test can plug
 * and unplug). `refuse` makes getUserMedia fail with the given error name for a kind ('audio', 'video')
 * or for one device id; every call is recorded.
 */
export function fakeMediaDevices(devices: FakeDevice[], refuse: Partial<Record<string, string>> = {}) {
  const calls: MediaStreamConstraints[] = [];
  const access: MediaDevicesAccess = {
    enumerateDevices: () => Promise.resolve(devices.map((device) => new FakeDeviceInfo(device))),
    getUserMedia: (constraints) => {
      calls.push(constraints);
      const kind = constraints.audio ? 'audio' : 'video';
      const request = constraints[kind];
      const wanted = typeof request === 'object' ? exactDeviceId(request.deviceId) : null;
      const deviceKind = kind === 'audio' ? 'audioinput' : 'videoinput';
      const candidates = devices.filter((device) => device.kind === deviceKind);
      const device = wanted === null ? candidates[0] : candidates.find((entry) => entry.deviceId === wanted);
      const refusal = refuse[kind] ?? (device === undefined ? undefined : refuse[device.deviceId]);
      if (refusal !== undefined) return Promise.reject(mediaError(refusal));
      if (device === undefined) {
        return Promise.reject(mediaError(wanted === null ? 'NotFoundError' : 'OverconstrainedError'));
      }
      return Promise.resolve(new FakeStream([new FakeTrack(kind, device.deviceId, device.label)]));
    },
  };
  return { access, calls };
}

function exactDeviceId(constraint: ConstrainDOMString | undefined): string | null {
  if (typeof constraint !== 'object' || Array.isArray(constraint)) return null;
  const exact = constraint.exact;
  return typeof exact === 'string' ? exact : null;
}
