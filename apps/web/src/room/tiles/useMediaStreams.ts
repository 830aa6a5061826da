// The media session's streams for React: components re-render whenever the session says its local or
// remote streams changed. The snapshot is a change counter, so it is stable whatever the provider's
// remotes() returns between changes.
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { MediaSession, RemoteMedia } from '../../media/mediaSession.ts';

const NO_REMOTES: readonly RemoteMedia[] = [];
const noSubscription = () => () => {};

export function useMediaStreams(media: MediaSession | null): {
  local: MediaStream | null;
  remotes: readonly RemoteMedia[];
} {
  const version = useRef(0);
  const subscribe = useCallback(
    (listener: () => void) =>
      media === null
        ? noSubscription()
        : media.subscribe(() => {
            version.current += 1;
            listener();
          }),
    [media],
  );
  useSyncExternalStore(subscribe, () => version.current);
  if (media === null) return { local: null, remotes: NO_REMOTES };
  return { local: media.localStream(), remotes: media.remotes() };
}
