// The pure part of the OpenTok provider: which participant a stream belongs to (the server signs the
// participant id into the token's connection data), how subscribed streams become RemoteMedia, the
// publisher properties of the live-room spec, and which OpenTok errors mean a device would not start.
// Only types come from @opentok/client here, so this module never pulls the library in.
import type OT from '@opentok/client';
import { DeviceStartError } from './mediaSession.ts';

/** Publishing constants of the live-room spec, section 9 (second reading). */
export const OPENTOK_PUBLISHING = { audioBitrate: 64_000, videoBitrate: 200_000, volume: 100 } as const;

/** The participant id the server put in the token data (`String(participantId)`), or null if foreign. */
export function participantIdFromConnectionData(data: string | undefined): number | null {
  if (data === undefined || !/^[1-9]\d{0,15}$/.test(data.trim())) return null;
  const id = Number(data.trim());
  return Number.isSafeInteger(id) ? id : null;
}

export type Subscription<S> = {
  participantId: number | null;
  videoType: 'camera' | 'screen' | 'custom' | undefined;
  /** Null until the subscriber's MediaStream is available. */
  stream: S | null;
};

export type RemoteEntry<S> = { participantId: number; stream: S | null; screen: S | null };

/**
 * One entry per participant: the room's peers first (in their order, with no stream yet when nothing
 * arrived), then anyone else who publishes. A screen is a stream of videoType `screen`; anything else
 * is the camera. Streams of connections without a participant id are not ours to show.
 */
export function remoteEntries<S>(
  peers: readonly number[],
  subscriptions: Iterable<Subscription<S>>,
): RemoteEntry<S>[] {
  const entries = new Map<number, RemoteEntry<S>>();
  for (const participantId of peers)
    entries.set(participantId, { participantId, stream: null, screen: null });
  for (const subscription of subscriptions) {
    if (subscription.participantId === null) continue;
    const entry = entries.get(subscription.participantId) ?? {
      participantId: subscription.participantId,
      stream: null,
      screen: null,
    };
    if (subscription.videoType === 'screen') entry.screen = subscription.stream ?? entry.screen;
    else entry.stream = subscription.stream ?? entry.stream;
    entries.set(subscription.participantId, entry);
  }
  return [...entries.values()];
}

/**
 * The camera and microphone publisher: our own tracks (the session's, cloned by the caller so that
 * OpenTok stopping them never stops ours), off unless switched on, with the spec's audio bitrate.
 */
export function publisherProperties(options: {
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
  audioEnabled: boolean;
  videoEnabled: boolean;
}): OT.PublisherProperties {
  return {
    insertDefaultUI: false,
    audioSource: options.audioTrack,
    videoSource: options.videoTrack,
    publishAudio: options.audioEnabled && options.audioTrack !== null,
    publishVideo: options.videoEnabled && options.videoTrack !== null,
    noiseSuppression: true,
    echoCancellation: true,
    audioBitrate: OPENTOK_PUBLISHING.audioBitrate,
  };
}

export function screenPublisherProperties(): OT.PublisherProperties {
  return { insertDefaultUI: false, videoSource: 'screen', audioSource: null, videoContentHint: 'detail' };
}

/** Our own elements show the video; OpenTok plays the sound, at the spec's volume. */
export function subscriberProperties(): OT.SubscriberProperties {
  return { insertDefaultUI: false, audioVolume: OPENTOK_PUBLISHING.volume };
}

/** OpenTok's and the browser's names for "this device could not be started". */
const DEVICE_ERROR_NAMES = new Set([
  'OT_USER_MEDIA_ACCESS_DENIED',
  'OT_HARDWARE_UNAVAILABLE',
  'OT_NO_DEVICES_FOUND',
  'OT_NO_VALID_CONSTRAINTS',
  'OT_CONSTRAINTS_NOT_SATISFIED',
  'OT_UNABLE_TO_CAPTURE_MEDIA',
  'OT_CHROME_MICROPHONE_ACQUISITION_ERROR',
  'OT_REQUESTED_DEVICE_PERMISSION_DENIED',
  'OT_INVALID_VIDEO_SOURCE',
  'OT_INVALID_AUDIO_SOURCE',
  'OT_SET_VIDEO_SOURCE_FAILURE',
  'NotAllowedError',
  'NotFoundError',
  'NotReadableError',
  'OverconstrainedError',
  'AbortError',
]);

function errorName(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('name' in error)) return null;
  return typeof error.name === 'string' ? error.name : null;
}

/** A DeviceStartError for the room's toast when the error is about the device; otherwise the error. */
export function deviceErrorFromOpenTok(
  error: unknown,
  kind: 'audioinput' | 'videoinput',
  label: string,
): unknown {
  if (error instanceof DeviceStartError) return error;
  const name = errorName(error);
  return name !== null && DEVICE_ERROR_NAMES.has(name) ? new DeviceStartError(kind, label, error) : error;
}
