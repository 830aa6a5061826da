// What a failed media request means to a `janus` session: the server forgot the publication or
// subscription (negotiate it again), the media server is out of reach (show it, retry with backoff),
// the room socket is down (wait for the rejoin), or a refusal that retrying would not change.
import { isRealtimeError, REALTIME_ERROR_CODES } from '@lablive/client';
import { MEDIA_ERRORS } from '@lablive/protocol';
import { MediaServerUnavailable } from './mediaSession.ts';

export type MediaFailure =
  /** The socket is down or was left: the room's rejoin ensures everything again. */
  | 'offline'
  /** No such feed or subscription at the server (it ended, or the server forgot this socket's). */
  | 'gone'
  /** The media server cannot be reached, or the room does not use it: shown on screen, retried. */
  | 'unavailable'
  /** This participant may not publish: not retried. */
  | 'forbidden'
  /** Anything else (a browser's WebRTC error, rate limiting): retried with backoff. */
  | 'other';

export function mediaFailure(error: unknown): MediaFailure {
  if (error instanceof MediaServerUnavailable) return 'unavailable';
  if (!isRealtimeError(error)) return 'other';
  if (error.code !== REALTIME_ERROR_CODES.mediaRefused) return 'offline';
  switch (error.serverCode) {
    case MEDIA_ERRORS.notFound:
      return 'gone';
    case MEDIA_ERRORS.serverUnavailable:
    case MEDIA_ERRORS.notAvailable:
      return 'unavailable';
    case MEDIA_ERRORS.publishForbidden:
      return 'forbidden';
    default:
      return 'other';
  }
}

/** The error the screen shows for an unavailable media server, or null for other failures. */
export function unavailableProblem(error: unknown): MediaServerUnavailable | null {
  if (error instanceof MediaServerUnavailable) return error;
  if (mediaFailure(error) !== 'unavailable' || !isRealtimeError(error)) return null;
  return new MediaServerUnavailable(error.serverCode ?? 'unknown', error.message, error);
}
