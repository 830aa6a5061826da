// The media session's lasting problem (with `janus`: the media server cannot be reached), as React
// state that follows the session's changes; null when all is well or the provider has none.
import { useSyncExternalStore } from 'react';
import type { MediaServerUnavailable, MediaSession } from '../../media/mediaSession.ts';

const none = () => () => {};

export function useMediaProblem(media: MediaSession | null): MediaServerUnavailable | null {
  return useSyncExternalStore(media?.subscribe ?? none, () => media?.problem?.() ?? null);
}
