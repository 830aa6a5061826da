// This person's microphone and camera for the whole room session, whatever provider sends them: one
// MediaStream object kept for the session (its id labels the camera in the mesh's descriptions),
// tracks toggled with `enabled` (a muted track keeps flowing, so toggling never renegotiates), a
// track opened when a missing device is first switched on, device switching that keeps the old
// track until the new one started, and unplugged devices reported.
import { createListeners } from '@lablive/client/realtime/listeners';
import type { DeviceLists, LocalStreamOptions, LocalStreamResult } from './devices.ts';
import { DeviceStartError, type MediaPreferences } from './mediaSession.ts';

export type InputKind = 'audioinput' | 'videoinput';

export type LocalMedia = {
  /** The same object for the whole session; tracks come and go in it. */
  readonly stream: MediaStream;
  track(kind: InputKind): MediaStreamTrack | null;
  enabled(kind: InputKind): boolean;
  deviceId(kind: InputKind): string | null;
  /** Opens the device first when there is no track yet; rejects with DeviceStartError when it cannot. */
  setEnabled(kind: InputKind, enabled: boolean): Promise<void>;
  /** Rejects with DeviceStartError, keeping the current track, when the new source cannot start. */
  switchDevice(kind: InputKind, deviceId: string): Promise<void>;
  /** The track of a kind was replaced, added or removed. */
  onTrackChange(listener: (kind: InputKind) => void): () => void;
  /** The device of a kind stopped by itself (unplugged, revoked): that kind is now off. */
  onDeviceEnded(listener: (kind: InputKind) => void): () => void;
  close(): void;
};

export type LocalMediaOptions = {
  preferences: MediaPreferences;
  /** The waiting room's stream: reused so the camera does not restart. The session owns it from now on. */
  stream?: MediaStream;
  open: (options: LocalStreamOptions) => Promise<LocalStreamResult>;
  /** The device lists, for the label in "Unable to start the … source: {label}". */
  list: () => Promise<DeviceLists>;
  /** A device that could not be opened when the session started it on its own. */
  onDeviceError: (error: DeviceStartError) => void;
  onError: (error: unknown) => void;
};

const trackKind = (kind: InputKind) => (kind === 'audioinput' ? 'audio' : 'video');

export async function createLocalMedia(options: LocalMediaOptions): Promise<LocalMedia> {
  const enabled = {
    audioinput: options.preferences.audioEnabled,
    videoinput: options.preferences.videoEnabled,
  };
  const deviceIds = {
    audioinput: options.preferences.audioInputId,
    videoinput: options.preferences.videoInputId,
  };
  const trackChanges = createListeners<[InputKind]>(options.onError);
  const deviceEnded = createListeners<[InputKind]>(options.onError);
  let closed = false;
  // One change at a time: a second click while a device opens waits for the first to finish.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  let stream = options.stream;
  if (stream === undefined) {
    // Both devices are opened even when off: their tracks wait disabled, so switching on is instant.
    const opened = await options.open({
      audio: true,
      video: true,
      audioInputId: deviceIds.audioinput,
      videoInputId: deviceIds.videoinput,
    });
    for (const error of opened.errors) options.onDeviceError(error);
    stream = opened.stream ?? new MediaStream();
  }
  const local = stream;
  // A handed-over device may have stopped since (unplugged on the way): start without it.
  for (const ended of local.getTracks().filter((track) => track.readyState === 'ended'))
    local.removeTrack(ended);

  const track = (kind: InputKind): MediaStreamTrack | null =>
    (kind === 'audioinput' ? local.getAudioTracks() : local.getVideoTracks())[0] ?? null;

  function watchEnd(kind: InputKind, current: MediaStreamTrack): void {
    current.addEventListener('ended', () => {
      if (closed || track(kind) !== current) return;
      local.removeTrack(current);
      enabled[kind] = false;
      trackChanges.emit(kind);
      deviceEnded.emit(kind);
    });
  }

  function install(kind: InputKind, next: MediaStreamTrack): void {
    const previous = track(kind);
    next.enabled = enabled[kind];
    local.addTrack(next);
    if (previous !== null) {
      local.removeTrack(previous);
      previous.stop();
    }
    watchEnd(kind, next);
    trackChanges.emit(kind);
  }

  /** A new track of that kind from that device, or the reason it could not start. */
  async function openTrack(kind: InputKind, deviceId: string | null): Promise<MediaStreamTrack> {
    const opened = await options.open({
      audio: kind === 'audioinput',
      video: kind === 'videoinput',
      audioInputId: kind === 'audioinput' ? deviceId : null,
      videoInputId: kind === 'videoinput' ? deviceId : null,
    });
    const next = opened.stream?.getTracks().find((candidate) => candidate.kind === trackKind(kind));
    if (next === undefined) throw opened.errors[0] ?? new DeviceStartError(kind, '');
    return next;
  }

  async function labelOf(kind: InputKind, deviceId: string): Promise<string> {
    const lists = await options.list().catch(() => null);
    const devices = kind === 'audioinput' ? lists?.audioInputs : lists?.videoInputs;
    return devices?.find((device) => device.deviceId === deviceId)?.label ?? '';
  }

  for (const kind of ['audioinput', 'videoinput'] as const) {
    const current = track(kind);
    if (current !== null) {
      current.enabled = enabled[kind];
      watchEnd(kind, current);
    } else if (enabled[kind] && options.stream !== undefined) {
      // The waiting room did not open a device the person wants on: open it now, or turn it off.
      try {
        install(kind, await openTrack(kind, deviceIds[kind]));
      } catch (error) {
        enabled[kind] = false;
        if (error instanceof DeviceStartError) options.onDeviceError(error);
        else options.onError(error);
      }
    } else {
      // Nothing could be opened: the toggle shows off rather than promising a device we lack.
      enabled[kind] = false;
    }
  }

  return {
    stream: local,
    track,
    enabled: (kind) => enabled[kind],
    deviceId: (kind) => deviceIds[kind],
    setEnabled: (kind, on) =>
      serial(async () => {
        if (closed) return;
        if (on && track(kind) === null) {
          const opened = await openTrack(kind, deviceIds[kind]);
          if (closed) return opened.stop();
          // Set first: whoever follows the new track (a provider republishing) sees it on.
          enabled[kind] = true;
          install(kind, opened);
        }
        enabled[kind] = on;
        const current = track(kind);
        if (current !== null) current.enabled = on;
      }),
    switchDevice: (kind, deviceId) =>
      serial(async () => {
        const next = await openTrack(kind, deviceId);
        const started = next.getSettings().deviceId;
        if (closed || (started !== undefined && started !== deviceId)) {
          next.stop();
          if (closed) return;
          // Opening fell back to another device (the chosen one is gone): the chosen source did not start.
          throw new DeviceStartError(kind, await labelOf(kind, deviceId));
        }
        deviceIds[kind] = deviceId;
        install(kind, next);
      }),
    onTrackChange: trackChanges.add,
    onDeviceEnded: deviceEnded.add,
    close() {
      closed = true;
      for (const current of local.getTracks()) current.stop();
      trackChanges.clear();
      deviceEnded.clear();
    },
  };
}
