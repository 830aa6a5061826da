// The waiting room's preview stream, handled through the tracks it holds: which kinds are live, which
// device a track came from, stopping a kind (the camera light goes off), and merging newly opened
// tracks into it. Plain functions over MediaStream, so the machine and its tests share them.
import type { DeviceChoice } from '../media/devices.ts';

export type MediaKind = 'audio' | 'video';

export function hasLiveTrack(stream: MediaStream | null, kind: MediaKind): boolean {
  return stream?.getTracks().some((track) => track.kind === kind && track.readyState === 'live') ?? false;
}

export function stopTracks(stream: MediaStream | null, kinds: readonly MediaKind[]): void {
  for (const track of stream?.getTracks() ?? []) {
    if (kinds.some((kind) => kind === track.kind)) track.stop();
  }
}

/** The device a kind's track was opened on, when the browser says. */
export function trackDeviceId(stream: MediaStream | null, kind: MediaKind): string | null {
  const track = stream?.getTracks().find((candidate) => candidate.kind === kind);
  const deviceId = track?.getSettings().deviceId;
  return deviceId === undefined || deviceId === '' ? null : deviceId;
}

/**
 * The preview after opening `fresh`: its tracks replace (and stop) the current ones of the same kind;
 * the current live tracks of other kinds stay. Null when nothing is live.
 */
export function combinePreview(
  current: MediaStream | null,
  fresh: MediaStream | null,
  createStream: (tracks: MediaStreamTrack[]) => MediaStream,
): MediaStream | null {
  const freshTracks = fresh?.getTracks() ?? [];
  const replaced = new Set(freshTracks.map((track) => track.kind));
  const kept: MediaStreamTrack[] = [];
  for (const track of current?.getTracks() ?? []) {
    if (replaced.has(track.kind)) track.stop();
    else if (track.readyState === 'live') kept.push(track);
  }
  const tracks = [...kept, ...freshTracks];
  return tracks.length === 0 ? null : createStream(tracks);
}

/**
 * The first of `candidates` that is one of `devices`, else the first device with an id; null when the
 * browser shows none (or shows them without ids, before permission).
 */
export function resolveDeviceId(
  devices: readonly DeviceChoice[],
  ...candidates: (string | null)[]
): string | null {
  const ids = devices.map((device) => device.deviceId).filter((id) => id !== '');
  return candidates.find((candidate) => candidate !== null && ids.includes(candidate)) ?? ids[0] ?? null;
}
